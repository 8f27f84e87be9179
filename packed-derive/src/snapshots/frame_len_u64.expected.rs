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
    use __packed::__private::{local as __w, local as __n, local as __r, local as __v};
    type __PackedOwnLayout = __packed::layout::Spec<
        __packed::len::U64,
        <__packed::layout::Bitsery as __packed::layout::Layout>::Int,
        <__packed::layout::Bitsery as __packed::layout::Layout>::Endian,
        <__packed::layout::Bitsery as __packed::layout::Layout>::Header,
        <__packed::layout::Bitsery as __packed::layout::Layout>::Conventions,
    >;
    #[automatically_derived]
    impl __packed::Encode for Frame {
        #[inline]
        fn encode<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::push_field(__w, "payload");
            <Vec<
                u8,
            > as __packed::Encode>::encode::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(&self.payload, __w)?;
            __packed::Writer::pop_path(__w);
            __packed::__private::assert_has_length::<String>();
            __packed::__private::push_field(__w, "name");
            <String as __packed::Encode>::encode::<
                <<__C as __packed::Ctx>::Enter<
                    __PackedOwnLayout,
                > as __packed::Ctx>::WithLen<__packed::len::U8>,
                __W,
            >(&self.name, __w)?;
            __packed::Writer::pop_path(__w);
            __packed::__private::Ok(())
        }
        #[inline]
        fn encoded_size<__C: __packed::Ctx>(&self) -> __packed::__private::usize {
            {
                let mut __n: __packed::__private::usize = 0;
                __n = __packed::__private::add_size(
                    __n,
                    <Vec<
                        u8,
                    > as __packed::Encode>::encoded_size::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    >(&self.payload),
                );
                __n = __packed::__private::add_size(
                    __n,
                    <String as __packed::Encode>::encoded_size::<
                        <<__C as __packed::Ctx>::Enter<
                            __PackedOwnLayout,
                        > as __packed::Ctx>::WithLen<__packed::len::U8>,
                    >(&self.name),
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
    impl<'__de> __packed::Decode<'__de> for Frame {
        const MIN_WIRE: __packed::__private::usize = 0usize
            + <Vec<u8> as __packed::Decode<'__de>>::MIN_WIRE
            + <String as __packed::Decode<'__de>>::MIN_WIRE;
        const RESERVES_AHEAD: __packed::__private::bool = false
            || <Vec<u8> as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <String as __packed::Decode<'__de>>::RESERVES_AHEAD;
        #[inline]
        fn decode<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<Self, __packed::DecodeError> {
            __packed::__private::assert_has_length::<String>();
            __packed::Reader::enter(__r)?;
            let __v = Self {
                payload: <Vec<
                    u8,
                > as __packed::Decode<
                    '__de,
                >>::decode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?,
                name: <String as __packed::Decode<
                    '__de,
                >>::decode::<
                    <<__C as __packed::Ctx>::Enter<
                        __PackedOwnLayout,
                    > as __packed::Ctx>::WithLen<__packed::len::U8>,
                    __R,
                >(__r)?,
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
            <Vec<
                u8,
            > as __packed::Decode<
                '__de,
            >>::decode_in_place::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(&mut self.payload, __r)?;
            <String as __packed::Decode<
                '__de,
            >>::decode_in_place::<
                <<__C as __packed::Ctx>::Enter<
                    __PackedOwnLayout,
                > as __packed::Ctx>::WithLen<__packed::len::U8>,
                __R,
            >(&mut self.name, __r)?;
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
