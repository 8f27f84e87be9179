#[doc(hidden)]
#[allow(
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
)]
const _: () = {
    type __PackedOwnLayout = ::packed_core::layout::Inherit;
    #[inline(always)]
    fn __packed_discriminant(__v: &Status) -> ::packed_core::__private::i32 {
        match __v {
            Status::Active => {
                Status::Active as ::packed_core::__private::i32
                    as ::packed_core::__private::i32
            }
            Status::Closed => {
                Status::Closed as ::packed_core::__private::i32
                    as ::packed_core::__private::i32
            }
        }
    }
    #[inline(always)]
    fn __packed_variant(
        __d: ::packed_core::__private::i32,
    ) -> ::packed_core::__private::Option<Status> {
        if __d
            == (Status::Active as ::packed_core::__private::i32
                as ::packed_core::__private::i32)
        {
            return ::packed_core::__private::Some(Status::Active);
        }
        if __d
            == (Status::Closed as ::packed_core::__private::i32
                as ::packed_core::__private::i32)
        {
            return ::packed_core::__private::Some(Status::Closed);
        }
        ::packed_core::__private::None
    }
    #[automatically_derived]
    impl ::packed_core::Encode for Status {
        #[inline]
        fn encode<
            __C: ::packed_core::Ctx,
            __W: ::packed_core::Writer + ?::packed_core::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> ::packed_core::__private::Result<(), ::packed_core::EncodeError> {
            ::packed_core::__private::write_repr::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                ::packed_core::__private::i32,
                __W,
            >(__packed_discriminant(self), __w)
        }
        #[inline]
        fn encode_contiguous<
            __C: ::packed_core::Ctx,
            __W: ::packed_core::Writer + ?::packed_core::__private::Sized,
        >(
            __items: &[Self],
            __w: &mut __W,
        ) -> ::packed_core::__private::Result<(), ::packed_core::EncodeError> {
            ::packed_core::__private::write_repr_elements::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                ::packed_core::__private::i32,
                Self,
                __W,
            >(__items, __packed_discriminant, __w)
        }
        #[inline]
        fn encode_header<
            __C: ::packed_core::Ctx,
            __W: ::packed_core::Writer + ?::packed_core::__private::Sized,
        >(
            __w: &mut __W,
        ) -> ::packed_core::__private::Result<(), ::packed_core::EncodeError> {
            ::packed_core::__private::write_header::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(__w)
        }
    }
    #[automatically_derived]
    impl<'__de> ::packed_core::Decode<'__de> for Status {
        const MIN_WIRE: ::packed_core::__private::usize = 1usize;
        const RESERVES_AHEAD: ::packed_core::__private::bool = false;
        #[inline]
        fn decode<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            __r: &mut __R,
        ) -> ::packed_core::__private::Result<Self, ::packed_core::DecodeError> {
            ::packed_core::__private::read_repr_value::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                ::packed_core::__private::i32,
                Self,
                __R,
            >(__r, "Status", __packed_variant)
        }
        #[inline]
        fn decode_contiguous<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            __n: ::packed_core::__private::usize,
            __r: &mut __R,
            __out: &mut ::packed_core::__private::Vec<Self>,
        ) -> ::packed_core::__private::Result<(), ::packed_core::DecodeError> {
            ::packed_core::__private::read_repr_elements::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                ::packed_core::__private::i32,
                Self,
                __R,
            >(__n, __r, __out, "Status", __packed_variant)
        }
        #[inline]
        fn decode_header<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            __r: &mut __R,
        ) -> ::packed_core::__private::Result<(), ::packed_core::DecodeError> {
            ::packed_core::__private::read_header::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(__r)
        }
    }
    #[automatically_derived]
    impl ::packed_core::Kind for Status {
        const KIND: ::packed_core::__private::i64 = 5i64;
    }
};
