#[doc(hidden)]
#[allow(
    unused_imports,
    non_upper_case_globals,
    unused_qualifications,
    unused_parens,
    clippy::absolute_paths,
    clippy::semicolon_if_nothing_returned,
    clippy::used_underscore_binding,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::unnecessary_cast,
    clippy::match_single_binding,
    clippy::needless_question_mark,
    clippy::type_repetition_in_bounds,
)]
const _: () = {
    use ::packed_core as __packed;
    use __packed::__private::{
        local as __w, local as __n, local as __r, local as __v, local as __f0,
        local as __f1, local as __f2, local as __f3, local as __f4, local as __f5,
        local as __f6, local as __f7, local as __f8, local as __f9, local as __f10,
        local as __f11, local as __f12, local as __f13, local as __f14, local as __f15,
    };
    type __PackedOwnLayout = __packed::layout::Inherit;
    #[automatically_derived]
    impl __packed::Encode for Line {
        #[inline]
        fn encode<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::push_field(__w, "sku");
            <String as __packed::Encode>::encode::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(&self.sku, __w)?;
            __packed::Writer::pop_path(__w);
            if __packed::__private::write_as_run::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::Fields<(&i32, &i64)>,
                __W,
            >(__w) {
                __packed::Encode::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&__packed::__private::Fields((&self.qty, &self.price)), __w)?;
            } else {
                __packed::__private::push_field(__w, "qty");
                <i32 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.qty, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "price");
                <i64 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.price, __w)?;
                __packed::Writer::pop_path(__w);
            }
            __packed::__private::push_field(__w, "note");
            <String as __packed::Encode>::encode::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(&self.note, __w)?;
            __packed::Writer::pop_path(__w);
            if __packed::__private::write_as_run::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::Fields<
                    (
                        &u8,
                        &i8,
                        &u16,
                        &i16,
                        &u32,
                        &i32,
                        &u64,
                        &i64,
                        &f32,
                        &f64,
                        &bool,
                        &[char; 2],
                    ),
                >,
                __W,
            >(__w) {
                __packed::Encode::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(
                    &__packed::__private::Fields((
                        &self.a,
                        &self.b,
                        &self.c,
                        &self.d,
                        &self.e,
                        &self.f,
                        &self.g,
                        &self.h,
                        &self.i,
                        &self.j,
                        &self.k,
                        &self.l,
                    )),
                    __w,
                )?;
            } else {
                __packed::__private::push_field(__w, "a");
                <u8 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.a, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "b");
                <i8 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.b, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "c");
                <u16 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.c, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "d");
                <i16 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.d, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "e");
                <u32 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.e, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "f");
                <i32 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.f, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "g");
                <u64 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.g, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "h");
                <i64 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.h, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "i");
                <f32 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.i, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "j");
                <f64 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.j, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "k");
                <bool as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.k, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "l");
                <[char; 2] as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.l, __w)?;
                __packed::Writer::pop_path(__w);
            }
            __packed::__private::Ok(())
        }
        #[inline]
        fn encoded_size<__C: __packed::Ctx>(&self) -> __packed::__private::usize {
            {
                let mut __n: __packed::__private::usize = 0;
                __n = __packed::__private::add_size(
                    __n,
                    <String as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.sku),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i32 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.qty),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i64 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.price),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <String as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.note),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <u8 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.a),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i8 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.b),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <u16 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.c),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i16 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.d),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <u32 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.e),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i32 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.f),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <u64 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.g),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <i64 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.h),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <f32 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.i),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <f64 as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.j),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <bool as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.k),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <[char; 2] as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.l),
                );
                __n
            }
        }
        #[inline]
        fn encode_header<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(__w: &mut __W) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::write_header::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(__w)
        }
    }
    #[automatically_derived]
    impl<'__de> __packed::Decode<'__de> for Line {
        const MIN_WIRE: __packed::__private::usize = 0usize
            + <String as __packed::Decode<'__de>>::MIN_WIRE
            + <i32 as __packed::Decode<'__de>>::MIN_WIRE
            + <i64 as __packed::Decode<'__de>>::MIN_WIRE
            + <String as __packed::Decode<'__de>>::MIN_WIRE
            + <u8 as __packed::Decode<'__de>>::MIN_WIRE
            + <i8 as __packed::Decode<'__de>>::MIN_WIRE
            + <u16 as __packed::Decode<'__de>>::MIN_WIRE
            + <i16 as __packed::Decode<'__de>>::MIN_WIRE
            + <u32 as __packed::Decode<'__de>>::MIN_WIRE
            + <i32 as __packed::Decode<'__de>>::MIN_WIRE
            + <u64 as __packed::Decode<'__de>>::MIN_WIRE
            + <i64 as __packed::Decode<'__de>>::MIN_WIRE
            + <f32 as __packed::Decode<'__de>>::MIN_WIRE
            + <f64 as __packed::Decode<'__de>>::MIN_WIRE
            + <bool as __packed::Decode<'__de>>::MIN_WIRE
            + <[char; 2] as __packed::Decode<'__de>>::MIN_WIRE;
        const RESERVES_AHEAD: __packed::__private::bool = false
            || <String as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i32 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i64 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <String as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <u8 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i8 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <u16 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i16 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <u32 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i32 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <u64 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i64 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <f32 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <f64 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <bool as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <[char; 2] as __packed::Decode<'__de>>::RESERVES_AHEAD;
        #[inline]
        fn decode<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<Self, __packed::DecodeError> {
            __packed::Reader::enter(__r)?;
            let __v = {
                let __f0 = <String as __packed::Decode<
                    '__de,
                >>::decode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?;
                let __packed::__private::Fields((__f1, __f2)) = <__packed::__private::Fields<
                    (i32, i64),
                > as __packed::Decode<
                    '__de,
                >>::decode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?;
                let __f3 = <String as __packed::Decode<
                    '__de,
                >>::decode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?;
                let __packed::__private::Fields(
                    (
                        __f4,
                        __f5,
                        __f6,
                        __f7,
                        __f8,
                        __f9,
                        __f10,
                        __f11,
                        __f12,
                        __f13,
                        __f14,
                        __f15,
                    ),
                ) = <__packed::__private::Fields<
                    (u8, i8, u16, i16, u32, i32, u64, i64, f32, f64, bool, [char; 2]),
                > as __packed::Decode<
                    '__de,
                >>::decode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?;
                Self {
                    sku: __f0,
                    qty: __f1,
                    price: __f2,
                    note: __f3,
                    a: __f4,
                    b: __f5,
                    c: __f6,
                    d: __f7,
                    e: __f8,
                    f: __f9,
                    g: __f10,
                    h: __f11,
                    i: __f12,
                    j: __f13,
                    k: __f14,
                    l: __f15,
                }
            };
            __packed::Reader::leave(__r);
            __packed::__private::Ok(__v)
        }
        #[inline]
        fn decode_in_place<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(
            &mut self,
            __r: &mut __R,
        ) -> __packed::__private::Result<(), __packed::DecodeError> {
            __packed::Reader::enter(__r)?;
            <String as __packed::Decode<
                '__de,
            >>::decode_in_place::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(&mut self.sku, __r)?;
            let __packed::__private::Fields((__f1, __f2)) = <__packed::__private::Fields<
                (i32, i64),
            > as __packed::Decode<
                '__de,
            >>::decode::<<__C as __packed::Ctx>::Enter<__PackedOwnLayout>, __R>(__r)?;
            self.qty = __f1;
            self.price = __f2;
            <String as __packed::Decode<
                '__de,
            >>::decode_in_place::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(&mut self.note, __r)?;
            let __packed::__private::Fields(
                (
                    __f4,
                    __f5,
                    __f6,
                    __f7,
                    __f8,
                    __f9,
                    __f10,
                    __f11,
                    __f12,
                    __f13,
                    __f14,
                    __f15,
                ),
            ) = <__packed::__private::Fields<
                (u8, i8, u16, i16, u32, i32, u64, i64, f32, f64, bool, [char; 2]),
            > as __packed::Decode<
                '__de,
            >>::decode::<<__C as __packed::Ctx>::Enter<__PackedOwnLayout>, __R>(__r)?;
            self.a = __f4;
            self.b = __f5;
            self.c = __f6;
            self.d = __f7;
            self.e = __f8;
            self.f = __f9;
            self.g = __f10;
            self.h = __f11;
            self.i = __f12;
            self.j = __f13;
            self.k = __f14;
            self.l = __f15;
            __packed::Reader::leave(__r);
            __packed::__private::Ok(())
        }
        #[inline]
        fn decode_header<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<(), __packed::DecodeError> {
            __packed::__private::read_header::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(__r)
        }
        fn error_path<__C: __packed::Ctx>(
            input: &'__de [__packed::__private::u8],
            limits: __packed::Limits,
            error: &__packed::DecodeError,
        ) -> __packed::__private::Option<__packed::__private::String> {
            __packed::__private::owned_decode_error_path::<
                __C,
                Self,
            >(input, limits, error)
        }
    }
};
