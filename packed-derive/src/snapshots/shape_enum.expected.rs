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
        local as __w, local as __tag, local as __f0, local as __f1, local as __n,
        local as __r, local as __off, local as __v,
    };
    type __PackedOwnLayout = __packed::layout::Spec<
        <__packed::layout::Yas as __packed::layout::Layout>::Len,
        <__packed::layout::Yas as __packed::layout::Layout>::Int,
        __packed::num::Big,
        <__packed::layout::Yas as __packed::layout::Layout>::Header,
        <__packed::layout::Yas as __packed::layout::Layout>::Conventions,
    >;
    #[automatically_derived]
    impl<'a, T> __packed::Encode for Shape<'a, T>
    where
        T: __packed::Encode,
    {
        #[inline]
        fn encode<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            let __tag = match self {
                Self::Unit => 0u16,
                Self::Pair(..) => 1u16,
                Self::Named { .. } => 2u16,
            };
            __packed::__private::write_tag::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::u16,
                __W,
            >(__tag, __w)?;
            match self {
                Self::Unit => {
                    __packed::__private::push_variant(__w, "Unit");
                    __packed::Writer::pop_path(__w);
                }
                Self::Pair(__f0, __f1) => {
                    __packed::__private::push_variant(__w, "Pair");
                    __packed::__private::push_field(__w, "0");
                    <u8 as __packed::Encode>::encode::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f0, __w)?;
                    __packed::Writer::pop_path(__w);
                    __packed::__private::push_field(__w, "1");
                    <&'a str as __packed::Encode>::encode::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f1, __w)?;
                    __packed::Writer::pop_path(__w);
                    __packed::Writer::pop_path(__w);
                }
                Self::Named { items: __f0, cache: __f1 } => {
                    __packed::__private::push_variant(__w, "Named");
                    __packed::__private::assert_has_length::<Vec<T>>();
                    __packed::__private::push_field(__w, "items");
                    <Vec<
                        T,
                    > as __packed::Encode>::encode::<
                        <<<__C as __packed::Ctx>::Enter<
                            __PackedOwnLayout,
                        > as __packed::Ctx>::WithLen<
                            __packed::len::U8,
                        > as __packed::Ctx>::WithMax<3usize>,
                        __W,
                    >(__f0, __w)?;
                    __packed::Writer::pop_path(__w);
                    __packed::Writer::pop_path(__w);
                }
            }
            __packed::__private::Ok(())
        }
        #[inline]
        fn encoded_size<__C: __packed::Ctx>(&self) -> __packed::__private::usize {
            let __tag = match self {
                Self::Unit => 0u16,
                Self::Pair(..) => 1u16,
                Self::Named { .. } => 2u16,
            };
            __packed::__private::add_size(
                __packed::__private::tag_size::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __packed::__private::u16,
                >(__tag),
                match self {
                    Self::Unit => 0,
                    Self::Pair(__f0, __f1) => {
                        let mut __n: __packed::__private::usize = 0;
                        __n = __packed::__private::add_size(
                            __n,
                            <u8 as __packed::Encode>::encoded_size::<
                                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            >(__f0),
                        );
                        __n = __packed::__private::add_size(
                            __n,
                            <&'a str as __packed::Encode>::encoded_size::<
                                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            >(__f1),
                        );
                        __n
                    }
                    Self::Named { items: __f0, cache: __f1 } => {
                        let mut __n: __packed::__private::usize = 0;
                        __n = __packed::__private::add_size(
                            __n,
                            <Vec<
                                T,
                            > as __packed::Encode>::encoded_size::<
                                <<<__C as __packed::Ctx>::Enter<
                                    __PackedOwnLayout,
                                > as __packed::Ctx>::WithLen<
                                    __packed::len::U8,
                                > as __packed::Ctx>::WithMax<3usize>,
                            >(__f0),
                        );
                        __n
                    }
                },
            )
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
    impl<'__de: 'a, 'a, T> __packed::Decode<'__de> for Shape<'a, T>
    where
        T: __packed::Decode<'__de>,
        Option<T>: ::core::default::Default,
    {
        const MIN_WIRE: __packed::__private::usize = 1usize;
        const RESERVES_AHEAD: __packed::__private::bool = false
            || <u8 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <&'a str as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <Vec<T> as __packed::Decode<'__de>>::RESERVES_AHEAD;
        #[inline]
        fn decode<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<Self, __packed::DecodeError> {
            __packed::__private::assert_has_length::<Vec<T>>();
            __packed::Reader::enter(__r)?;
            let __off = __packed::Reader::offset(__r);
            let __tag = __packed::__private::read_tag::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::u16,
                __R,
            >(__r)?;
            let __v = match __tag {
                0u16 => Self::Unit,
                1u16 => {
                    Self::Pair(
                        <u8 as __packed::Decode<
                            '__de,
                        >>::decode::<
                            <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(__r)?,
                        <&'a str as __packed::Decode<
                            '__de,
                        >>::decode::<
                            <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(__r)?,
                    )
                }
                2u16 => {
                    Self::Named {
                        items: <Vec<
                            T,
                        > as __packed::Decode<
                            '__de,
                        >>::decode::<
                            <<<__C as __packed::Ctx>::Enter<
                                __PackedOwnLayout,
                            > as __packed::Ctx>::WithLen<
                                __packed::len::U8,
                            > as __packed::Ctx>::WithMax<3usize>,
                            __R,
                        >(__r)?,
                        cache: <Option<
                            T,
                        > as __packed::__private::SkippedField>::skipped(),
                    }
                }
                _ => {
                    return __packed::__private::Err(
                        __packed::__private::unknown_variant(
                            __off,
                            "Shape",
                            __packed::__private::tag_bits(__tag),
                        ),
                    );
                }
            };
            __packed::Reader::leave(__r);
            __packed::__private::Ok(__v)
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
    }
};
