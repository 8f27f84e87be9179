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
        local as __w, local as __tag, local as __f0, local as __r, local as __rec,
        local as __off, local as __v,
    };
    type __PackedOwnLayout = __packed::layout::Inherit;
    #[automatically_derived]
    impl __packed::Encode for Event {
        #[inline]
        fn encode<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            __packed::__private::write_record::<
                __C,
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                Self,
                __W,
            >(self, __w)
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
    impl __packed::__private::RecordBody for Event {
        #[inline]
        fn encode_body<
            __C: __packed::Ctx,
            __W: __packed::Writer + ?__packed::__private::Sized,
        >(
            &self,
            __w: &mut __W,
        ) -> __packed::__private::Result<(), __packed::EncodeError> {
            let __tag = match self {
                Self::Start { .. } => 4u32,
                Self::Stop => 5u32,
                Self::Note(..) => 200u32,
                Self::Unknown => 201u32,
            };
            __packed::__private::write_tag::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                __packed::__private::VariantIndex,
                __W,
            >(__tag, __w)?;
            match self {
                Self::Start { at: __f0 } => {
                    __packed::__private::push_variant(__w, "Start");
                    __packed::__private::push_field(__w, "at");
                    <u64 as __packed::Encode>::encode::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f0, __w)?;
                    __packed::Writer::pop_path(__w);
                    __packed::Writer::pop_path(__w);
                }
                Self::Stop => {
                    __packed::__private::push_variant(__w, "Stop");
                    __packed::Writer::pop_path(__w);
                }
                Self::Note(__f0) => {
                    __packed::__private::push_variant(__w, "Note");
                    __packed::__private::push_field(__w, "0");
                    <String as __packed::Encode>::encode::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __W,
                    >(__f0, __w)?;
                    __packed::Writer::pop_path(__w);
                    __packed::Writer::pop_path(__w);
                }
                Self::Unknown => {
                    __packed::__private::push_variant(__w, "Unknown");
                    __packed::Writer::pop_path(__w);
                }
            }
            __packed::__private::Ok(())
        }
    }
    #[automatically_derived]
    impl<'__de> __packed::Decode<'__de> for Event {
        const MIN_WIRE: __packed::__private::usize = 4usize + 1usize;
        const RESERVES_AHEAD: __packed::__private::bool = false
            || <u64 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <String as __packed::Decode<'__de>>::RESERVES_AHEAD;
        #[inline]
        fn decode<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(__r: &mut __R) -> __packed::__private::Result<Self, __packed::DecodeError> {
            __packed::__private::read_record::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                Self,
                _,
                _,
            >(
                __r,
                |__r, __rec| {
                    __packed::Reader::enter(__r)?;
                    let __off = __packed::Reader::offset(__r);
                    let __tag = __packed::__private::read_tag::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __packed::__private::VariantIndex,
                        __R,
                    >(__r)?;
                    let __v = match __tag {
                        4u32 => {
                            Self::Start {
                                at: if __packed::__private::Record::has_more(__rec, __r) {
                                    <u64 as __packed::Decode<
                                        '__de,
                                    >>::decode::<
                                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                        __R,
                                    >(__r)?
                                } else {
                                    <u64 as __packed::__private::AbsentField>::absent()
                                },
                            }
                        }
                        5u32 => Self::Stop,
                        200u32 => {
                            Self::Note(
                                if __packed::__private::Record::has_more(__rec, __r) {
                                    <String as __packed::Decode<
                                        '__de,
                                    >>::decode::<
                                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                        __R,
                                    >(__r)?
                                } else {
                                    <String as __packed::__private::AbsentField>::absent()
                                },
                            )
                        }
                        201u32 => Self::Unknown,
                        _ => Self::Unknown,
                    };
                    __packed::Reader::leave(__r);
                    __packed::__private::Ok(__v)
                },
            )
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
