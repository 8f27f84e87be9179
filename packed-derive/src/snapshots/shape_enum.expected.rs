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
        ::packed_core::num::Big,
        ::packed_core::layout::YasHeader,
        ::packed_core::layout::YasEnums,
    >;
    #[automatically_derived]
    impl<'a, T> ::packed_core::Encode for Shape<'a, T>
    where
        T: ::packed_core::Encode,
    {
        #[inline]
        fn encode<
            __C: ::packed_core::Ctx,
            __W: ::packed_core::Writer + ?::packed_core::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> ::packed_core::__private::Result<(), ::packed_core::EncodeError> {
            match self {
                Self::Unit => {
                    ::packed_core::__private::write_tag::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                        ::packed_core::__private::u16,
                        __W,
                    >(0u16, __w)?;
                    ::packed_core::__private::push_variant(__w, "Unit");
                    ::packed_core::Writer::pop_path(__w);
                }
                Self::Pair(__f0, __f1) => {
                    ::packed_core::__private::write_tag::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                        ::packed_core::__private::u16,
                        __W,
                    >(1u16, __w)?;
                    ::packed_core::__private::push_variant(__w, "Pair");
                    ::packed_core::__private::push_field(__w, "0");
                    <u8 as ::packed_core::Encode>::encode::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f0, __w)?;
                    ::packed_core::Writer::pop_path(__w);
                    ::packed_core::__private::push_field(__w, "1");
                    <&'a str as ::packed_core::Encode>::encode::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f1, __w)?;
                    ::packed_core::Writer::pop_path(__w);
                    ::packed_core::Writer::pop_path(__w);
                }
                Self::Named { items: __f0, cache: __f1 } => {
                    ::packed_core::__private::write_tag::<
                        <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                        ::packed_core::__private::u16,
                        __W,
                    >(2u16, __w)?;
                    ::packed_core::__private::push_variant(__w, "Named");
                    ::packed_core::__private::assert_has_length::<Vec<T>>();
                    ::packed_core::__private::push_field(__w, "items");
                    <Vec<
                        T,
                    > as ::packed_core::Encode>::encode::<
                        <<<__C as ::packed_core::Ctx>::Enter<
                            __PackedOwnLayout,
                        > as ::packed_core::Ctx>::WithLen<
                            ::packed_core::len::U8,
                        > as ::packed_core::Ctx>::WithMax<3usize>,
                        __W,
                    >(__f0, __w)?;
                    ::packed_core::Writer::pop_path(__w);
                    ::packed_core::Writer::pop_path(__w);
                }
            }
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
    impl<'__de: 'a, 'a, T> ::packed_core::Decode<'__de> for Shape<'a, T>
    where
        T: ::packed_core::Decode<'__de>,
        Option<T>: ::core::default::Default,
    {
        const MIN_WIRE: ::packed_core::__private::usize = 1usize;
        const RESERVES_AHEAD: ::packed_core::__private::bool = false
            || <u8 as ::packed_core::Decode<'__de>>::RESERVES_AHEAD
            || <&'a str as ::packed_core::Decode<'__de>>::RESERVES_AHEAD
            || <Vec<T> as ::packed_core::Decode<'__de>>::RESERVES_AHEAD;
        #[inline]
        fn decode<
            __C: ::packed_core::Ctx,
            __R: ::packed_core::Reader<'__de> + ?::packed_core::__private::Sized,
        >(
            __r: &mut __R,
        ) -> ::packed_core::__private::Result<Self, ::packed_core::DecodeError> {
            ::packed_core::__private::assert_has_length::<Vec<T>>();
            ::packed_core::Reader::enter(__r)?;
            let __off = ::packed_core::Reader::offset(__r);
            let __tag = ::packed_core::__private::read_tag::<
                <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                ::packed_core::__private::u16,
                __R,
            >(__r)?;
            let __v = match __tag {
                0u16 => Self::Unit,
                1u16 => {
                    Self::Pair(
                        <u8 as ::packed_core::Decode<
                            '__de,
                        >>::decode::<
                            <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(__r)?,
                        <&'a str as ::packed_core::Decode<
                            '__de,
                        >>::decode::<
                            <__C as ::packed_core::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(__r)?,
                    )
                }
                2u16 => {
                    Self::Named {
                        items: <Vec<
                            T,
                        > as ::packed_core::Decode<
                            '__de,
                        >>::decode::<
                            <<<__C as ::packed_core::Ctx>::Enter<
                                __PackedOwnLayout,
                            > as ::packed_core::Ctx>::WithLen<
                                ::packed_core::len::U8,
                            > as ::packed_core::Ctx>::WithMax<3usize>,
                            __R,
                        >(__r)?,
                        cache: ::packed_core::__private::Default::default(),
                    }
                }
                _ => {
                    return ::packed_core::__private::Err(
                        ::packed_core::__private::unknown_variant(
                            __off,
                            "Shape",
                            ::packed_core::__private::tag_bits(__tag),
                        ),
                    );
                }
            };
            ::packed_core::Reader::leave(__r);
            ::packed_core::__private::Ok(__v)
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
