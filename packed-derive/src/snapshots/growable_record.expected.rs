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
        local as __w, local as __r, local as __rec, local as __v, local as __f0,
        local as __f1, local as __f2,
    };
    type __PackedOwnLayout = __packed::layout::Inherit;
    #[automatically_derived]
    impl __packed::Encode for Item {
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
    impl __packed::__private::RecordBody for Item {
        #[inline]
        fn encode_body<
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
                >(&__packed::__private::Fields((&self.qty, &self.price_minor)), __w)?;
            } else {
                __packed::__private::push_field(__w, "qty");
                <i32 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.qty, __w)?;
                __packed::Writer::pop_path(__w);
                __packed::__private::push_field(__w, "price_minor");
                <i64 as __packed::Encode>::encode::<
                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                    __W,
                >(&self.price_minor, __w)?;
                __packed::Writer::pop_path(__w);
            }
            __packed::__private::Ok(())
        }
    }
    #[automatically_derived]
    impl<'__de> __packed::Decode<'__de> for Item {
        const MIN_WIRE: __packed::__private::usize = 4usize;
        const RESERVES_AHEAD: __packed::__private::bool = false
            || <String as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i32 as __packed::Decode<'__de>>::RESERVES_AHEAD
            || <i64 as __packed::Decode<'__de>>::RESERVES_AHEAD;
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
                    let __v = {
                        let __f0 = if __packed::__private::Record::has_more(__rec, __r) {
                            <String as __packed::Decode<
                                '__de,
                            >>::decode::<
                                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                __R,
                            >(__r)?
                        } else {
                            <String as __packed::__private::AbsentField>::absent()
                        };
                        let __packed::__private::Fields((__f1, __f2)) = if __packed::__private::Record::holds::<
                            <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            __packed::__private::Fields<(i32, i64)>,
                            _,
                        >(__rec, __r) {
                            <__packed::__private::Fields<
                                (i32, i64),
                            > as __packed::Decode<
                                '__de,
                            >>::decode::<
                                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                __R,
                            >(__r)?
                        } else {
                            __packed::__private::Fields((
                                if __packed::__private::Record::has_more(__rec, __r) {
                                    <i32 as __packed::Decode<
                                        '__de,
                                    >>::decode::<
                                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                        __R,
                                    >(__r)?
                                } else {
                                    <i32 as __packed::__private::AbsentField>::absent()
                                },
                                if __packed::__private::Record::has_more(__rec, __r) {
                                    <i64 as __packed::Decode<
                                        '__de,
                                    >>::decode::<
                                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                        __R,
                                    >(__r)?
                                } else {
                                    -1
                                },
                            ))
                        };
                        Self {
                            sku: __f0,
                            qty: __f1,
                            price_minor: __f2,
                        }
                    };
                    __packed::Reader::leave(__r);
                    __packed::__private::Ok(__v)
                },
            )
        }
        #[inline]
        fn decode_in_place<
            __C: __packed::Ctx,
            __R: __packed::Reader<'__de> + ?__packed::__private::Sized,
        >(
            &mut self,
            __r: &mut __R,
        ) -> __packed::__private::Result<(), __packed::DecodeError> {
            __packed::__private::read_record::<
                <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                Self,
                _,
                _,
            >(
                __r,
                |__r, __rec| {
                    __packed::Reader::enter(__r)?;
                    if __packed::__private::Record::has_more(__rec, __r) {
                        <String as __packed::Decode<
                            '__de,
                        >>::decode_in_place::<
                            <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(&mut self.sku, __r)?;
                    } else {
                        self.sku = <String as __packed::__private::AbsentField>::absent();
                    }
                    let __packed::__private::Fields((__f1, __f2)) = if __packed::__private::Record::holds::<
                        <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                        __packed::__private::Fields<(i32, i64)>,
                        _,
                    >(__rec, __r) {
                        <__packed::__private::Fields<
                            (i32, i64),
                        > as __packed::Decode<
                            '__de,
                        >>::decode::<
                            <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                            __R,
                        >(__r)?
                    } else {
                        __packed::__private::Fields((
                            if __packed::__private::Record::has_more(__rec, __r) {
                                <i32 as __packed::Decode<
                                    '__de,
                                >>::decode::<
                                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                    __R,
                                >(__r)?
                            } else {
                                <i32 as __packed::__private::AbsentField>::absent()
                            },
                            if __packed::__private::Record::has_more(__rec, __r) {
                                <i64 as __packed::Decode<
                                    '__de,
                                >>::decode::<
                                    <__C as __packed::Ctx>::Enter<__PackedOwnLayout>,
                                    __R,
                                >(__r)?
                            } else {
                                -1
                            },
                        ))
                    };
                    self.qty = __f1;
                    self.price_minor = __f2;
                    __packed::Reader::leave(__r);
                    __packed::__private::Ok(())
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
