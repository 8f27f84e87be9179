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
    type __PackedOwnLayout = ::packed_core::layout::Spec<
        ::packed_core::len::U64,
        ::packed_core::num::Fixed,
        ::packed_core::num::Little,
        ::packed_core::layout::NoHeader,
        ::packed_core::layout::PlainEnums,
    >;
    #[automatically_derived]
    impl ::packed_core::Encode for Frame {
        #[inline(always)]
        fn fixed_size<__C: ::packed_core::Ctx>() -> ::packed_core::__private::usize {
            ::packed_core::__private::run_size(
                &[
                    <Vec<
                        u8,
                    > as ::packed_core::Encode>::fixed_size::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                    >(),
                    <String as ::packed_core::Encode>::fixed_size::<
                        <<__C as ::packed_core::Ctx>::Enter<
                            __PackedOwnLayout,
                        > as ::packed_core::Ctx>::WithLen<::packed_core::len::U8>,
                    >(),
                ],
            )
        }
        #[inline]
        fn encode<
            __C: ::packed_core::Ctx,
            __W: ::packed_core::Writer + ?::packed_core::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> ::packed_core::__private::Result<(), ::packed_core::EncodeError> {
            if ::packed_core::__private::write_as_run::<__C, Self, __W>(__w) {
                return ::packed_core::__private::encode_run::<__C, Self, __W>(self, __w);
            }
            ::packed_core::__private::push_field(__w, "payload");
            <Vec<
                u8,
            > as ::packed_core::Encode>::encode::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                __W,
            >(&self.payload, __w)?;
            ::packed_core::Writer::pop_path(__w);
            ::packed_core::__private::assert_has_length::<String>();
            ::packed_core::__private::push_field(__w, "name");
            <String as ::packed_core::Encode>::encode::<
                <<__C as ::packed_core::Ctx>::Enter<
                    __PackedOwnLayout,
                > as ::packed_core::Ctx>::WithLen<::packed_core::len::U8>,
                __W,
            >(&self.name, __w)?;
            ::packed_core::Writer::pop_path(__w);
            ::packed_core::__private::Ok(())
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
    impl<'__de> ::packed_core::Decode<'__de> for Frame {
        const MIN_WIRE: ::packed_core::__private::usize = 0usize
            + <Vec<u8> as ::packed_core::Decode<'__de>>::MIN_WIRE
            + <String as ::packed_core::Decode<'__de>>::MIN_WIRE;
        const RESERVES_AHEAD: ::packed_core::__private::bool = false
            || <Vec<u8> as ::packed_core::Decode<'__de>>::RESERVES_AHEAD
            || <String as ::packed_core::Decode<'__de>>::RESERVES_AHEAD;
        #[inline(always)]
        fn fixed_size<__C: ::packed_core::Ctx>() -> ::packed_core::__private::usize {
            ::packed_core::__private::run_size(
                &[
                    <Vec<
                        u8,
                    > as ::packed_core::Decode<
                        '__de,
                    >>::fixed_size::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                    >(),
                    <String as ::packed_core::Decode<
                        '__de,
                    >>::fixed_size::<
                        <<__C as ::packed_core::Ctx>::Enter<
                            __PackedOwnLayout,
                        > as ::packed_core::Ctx>::WithLen<::packed_core::len::U8>,
                    >(),
                ],
            )
        }
        #[inline]
        fn decode<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            __r: &mut __R,
        ) -> ::packed_core::__private::Result<Self, ::packed_core::DecodeError> {
            if ::packed_core::__private::read_as_run::<__C, Self, __R>(__r) {
                return ::packed_core::__private::decode_run::<__C, Self, __R>(__r);
            }
            ::packed_core::__private::assert_has_length::<String>();
            ::packed_core::Reader::enter(__r)?;
            let __v = Self {
                payload: <Vec<
                    u8,
                > as ::packed_core::Decode<
                    '__de,
                >>::decode::<
                    <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                    __R,
                >(__r)?,
                name: <String as ::packed_core::Decode<
                    '__de,
                >>::decode::<
                    <<__C as ::packed_core::Ctx>::Enter<
                        __PackedOwnLayout,
                    > as ::packed_core::Ctx>::WithLen<::packed_core::len::U8>,
                    __R,
                >(__r)?,
            };
            ::packed_core::Reader::leave(__r);
            ::packed_core::__private::Ok(__v)
        }
        #[inline]
        fn decode_in_place<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            &mut self,
            __r: &mut __R,
        ) -> ::packed_core::__private::Result<(), ::packed_core::DecodeError> {
            if ::packed_core::__private::read_as_run::<__C, Self, __R>(__r) {
                return ::packed_core::__private::decode_run_in_place::<
                    __C,
                    Self,
                    __R,
                >(self, __r);
            }
            ::packed_core::Reader::enter(__r)?;
            <Vec<
                u8,
            > as ::packed_core::Decode<
                '__de,
            >>::decode_in_place::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                __R,
            >(&mut self.payload, __r)?;
            <String as ::packed_core::Decode<
                '__de,
            >>::decode_in_place::<
                <<__C as ::packed_core::Ctx>::Enter<
                    __PackedOwnLayout,
                > as ::packed_core::Ctx>::WithLen<::packed_core::len::U8>,
                __R,
            >(&mut self.name, __r)?;
            ::packed_core::Reader::leave(__r);
            ::packed_core::__private::Ok(())
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
};
