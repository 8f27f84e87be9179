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
        local as __v, local as __d, local as __w, local as __items, local as __r,
        local as __n, local as __out,
    };
    type __PackedOwnLayout = __packed::layout::Inherit;
    #[inline(always)]
    fn __packed_discriminant(__v: &Status) -> __packed::__private::i32 {
        match __v {
            Status::Active => Status::Active as __packed::__private::i32,
            Status::Closed => Status::Closed as __packed::__private::i32,
        }
    }
    #[inline(always)]
    fn __packed_variant(
        __d: __packed::__private::i32,
    ) -> __packed::__private::Option<Status> {
        if __d == (Status::Active as __packed::__private::i32) {
            return __packed::__private::Some(Status::Active);
        }
        if __d == (Status::Closed as __packed::__private::i32) {
            return __packed::__private::Some(Status::Closed);
        }
        __packed::__private::None
    }
    #[automatically_derived]
    impl __packed::Encode for Status {
        #[inline]
        fn encode<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::write_repr::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::i32,
                __W,
            >(__packed_discriminant(self), __w)
        }
        #[inline]
        fn encode_contiguous<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            __items: &[Self],
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::write_repr_elements::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::i32,
                Self,
                __W,
            >(__items, __packed_discriminant, __w)
        }
        #[inline]
        fn contiguous_size<__C: __packed::Ctx>(
            __items: &[Self],
        ) -> __packed::__private::usize {
            __packed::__private::count_contiguous::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                Self,
            >(__items)
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
    impl<'__de> __packed::Decode<'__de> for Status {
        const MIN_WIRE: __packed::__private::usize = 1usize;
        const RESERVES_AHEAD: __packed::__private::bool = false;
        #[inline]
        fn decode<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<Self, __packed::DecodeError> {
            __packed::__private::read_repr_value::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::i32,
                Self,
                __R,
            >(__r, "Status", __packed_variant)
        }
        #[inline]
        fn decode_contiguous<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(
            __n: __packed::__private::usize,
            __r: &mut __R,
            __out: &mut __packed::__private::Vec<Self>,
        ) -> __packed::__private::Result<(), __packed::DecodeError> {
            __packed::__private::read_repr_elements::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::i32,
                Self,
                __R,
            >(__n, __r, __out, "Status", __packed_variant)
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
    #[automatically_derived]
    impl __packed::Kind for Status {
        const KIND: __packed::__private::i64 = 5i64;
    }
};
