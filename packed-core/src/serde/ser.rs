//! The positional `Serializer`: serde's data model onto the wire format of `wire::*`.

use core::marker::PhantomData;

use serde::ser::{self, Serialize};

use crate::ctx::Ctx;
use crate::layout::Inherit;
use crate::wire::enums::{write_tag, VariantIndex};
use crate::wire::seq::write_len;
use crate::wire::wrap::option_flag_to;
use crate::{Encode, EncodeError, Writer};

impl ser::Error for EncodeError {
    fn custom<T: core::fmt::Display>(msg: T) -> Self {
        EncodeError::SerdeCustom(alloc::string::ToString::to_string(&msg))
    }
}

/// The context of a struct's or enum's fields inside context `C`: a derived type
/// without container attributes enters it ([`Ctx::Enter`] of [`Inherit`]).
type Fields<C> = <C as Ctx>::Enter<Inherit>;

#[cold]
#[inline(never)]
fn unsupported(feature: &'static str) -> EncodeError {
    EncodeError::SerdeUnsupported { feature }
}

/// Writes serde's data model positionally under context `C` into `W`: what
/// [`Serde`](super::Serde)'s `encode` runs. Each value goes through the same
/// [`Encode`] impl, length prefix, option flag and enum tag writer as a derived type's
/// field of that type.
pub(crate) struct Serializer<'a, C, W: ?Sized> {
    w: &'a mut W,
    ctx: PhantomData<fn() -> C>,
}

impl<'a, C: Ctx, W: Writer + ?Sized> Serializer<'a, C, W> {
    #[inline(always)]
    pub(crate) fn new(w: &'a mut W) -> Self {
        Self {
            w,
            ctx: PhantomData,
        }
    }

    /// Writes the tag of the variant at `index` (a `u8`, the derive's default tag).
    #[inline]
    fn tag(&mut self, index: u32) -> Result<(), EncodeError> {
        write_tag::<Fields<C>, VariantIndex, W>(index, self.w)
    }

    #[inline(always)]
    fn compound(self, expected: usize) -> Compound<'a, C, W> {
        Compound {
            w: self.w,
            expected,
            written: 0,
            ctx: PhantomData,
        }
    }
}

/// A sequence, tuple, map or struct being written: `expected` elements (fields,
/// entries) announced, `written` so far.
pub(crate) struct Compound<'a, C, W: ?Sized> {
    w: &'a mut W,
    expected: usize,
    written: usize,
    ctx: PhantomData<fn() -> C>,
}

impl<C: Ctx, W: Writer + ?Sized> Compound<'_, C, W> {
    /// Writes one element under context `E`.
    #[inline(always)]
    fn element<E: Ctx, T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.written += 1;
        value.serialize(Serializer::<E, W>::new(self.w))
    }

    /// Checks that as many elements were written as announced.
    #[inline]
    fn end(self, what: &'static str) -> Result<(), EncodeError> {
        if self.written == self.expected {
            Ok(())
        } else {
            Err(unsupported(what))
        }
    }
}

macro_rules! through_encode {
    ($($method:ident($t:ty)),* $(,)?) => {$(
        #[inline(always)]
        fn $method(self, v: $t) -> Result<(), EncodeError> {
            v.encode::<C, W>(self.w)
        }
    )*};
}

impl<'a, C: Ctx, W: Writer + ?Sized> ser::Serializer for Serializer<'a, C, W> {
    type Ok = ();
    type Error = EncodeError;
    type SerializeSeq = Compound<'a, C, W>;
    type SerializeTuple = Compound<'a, C, W>;
    type SerializeTupleStruct = Compound<'a, C, W>;
    type SerializeTupleVariant = Compound<'a, C, W>;
    type SerializeMap = Compound<'a, C, W>;
    type SerializeStruct = Compound<'a, C, W>;
    type SerializeStructVariant = Compound<'a, C, W>;

    through_encode!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
    );

    /// As a `[u8]`: a length, then the bytes.
    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<(), EncodeError> {
        write_len::<C, W>(v.len(), self.w)?;
        self.w.write_var_bytes(v)
    }

    #[inline]
    fn serialize_none(self) -> Result<(), EncodeError> {
        option_flag_to::<C, W>(false, self.w)
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), EncodeError> {
        option_flag_to::<C, W>(true, self.w)?;
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<(), EncodeError> {
        Ok(())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), EncodeError> {
        Ok(())
    }

    #[inline]
    fn serialize_unit_variant(
        mut self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
    ) -> Result<(), EncodeError> {
        self.tag(index)
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), EncodeError> {
        value.serialize(Serializer::<Fields<C>, W>::new(self.w))
    }

    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        mut self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result<(), EncodeError> {
        self.tag(index)?;
        value.serialize(Serializer::<Fields<C>, W>::new(self.w))
    }

    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, EncodeError> {
        let len = len.ok_or_else(|| unsupported("a sequence of unknown length"))?;
        write_len::<C, W>(len, self.w)?;
        Ok(self.compound(len))
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, EncodeError> {
        Ok(self.compound(len))
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, EncodeError> {
        Ok(self.compound(len))
    }

    #[inline]
    fn serialize_tuple_variant(
        mut self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, EncodeError> {
        self.tag(index)?;
        Ok(self.compound(len))
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, EncodeError> {
        let len =
            len.ok_or_else(|| unsupported("a map of unknown length (or `#[serde(flatten)]`)"))?;
        write_len::<C, W>(len, self.w)?;
        // A key and a value per entry.
        Ok(self.compound(len.saturating_mul(2)))
    }

    #[inline]
    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, EncodeError> {
        Ok(self.compound(len))
    }

    #[inline]
    fn serialize_struct_variant(
        mut self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, EncodeError> {
        self.tag(index)?;
        Ok(self.compound(len))
    }

    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The elements of a sequence or tuple, each under the elements' context.
macro_rules! elements {
    ($($tr:ident($what:literal))*) => {$(
        impl<C: Ctx, W: Writer + ?Sized> ser::$tr for Compound<'_, C, W> {
            type Ok = ();
            type Error = EncodeError;
            #[inline]
            fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
                self.element::<C::Elem, T>(value)
            }
            #[inline]
            fn end(self) -> Result<(), EncodeError> {
                Compound::end(self, $what)
            }
        }
    )*};
}
elements!(
    SerializeSeq("a sequence whose length differs from its `len`")
    SerializeTuple("a tuple whose length differs from its `len`")
);

impl<C: Ctx, W: Writer + ?Sized> ser::SerializeMap for Compound<'_, C, W> {
    type Ok = ();
    type Error = EncodeError;
    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), EncodeError> {
        self.element::<C::Elem, T>(key)
    }
    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
        self.element::<C::Elem, T>(value)
    }
    #[inline]
    fn end(self) -> Result<(), EncodeError> {
        Compound::end(self, "a map whose length differs from its `len`")
    }
}

/// The fields of a struct or of a struct-like variant: all of them, in order.
macro_rules! fields {
    ($($tr:ident { $field:ident })*) => {$(
        impl<C: Ctx, W: Writer + ?Sized> ser::$tr for Compound<'_, C, W> {
            type Ok = ();
            type Error = EncodeError;
            #[inline]
            fn $field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), EncodeError> {
                self.element::<Fields<C>, T>(value)
            }
            #[inline]
            fn end(self) -> Result<(), EncodeError> {
                Compound::end(self, "a struct that writes another number of fields than it declares")
            }
        }
    )*};
}
fields!(SerializeTupleStruct { serialize_field } SerializeTupleVariant { serialize_field });

macro_rules! named_fields {
    ($($tr:ident)*) => {$(
        impl<C: Ctx, W: Writer + ?Sized> ser::$tr for Compound<'_, C, W> {
            type Ok = ();
            type Error = EncodeError;
            #[inline]
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _key: &'static str,
                value: &T,
            ) -> Result<(), EncodeError> {
                self.element::<Fields<C>, T>(value)
            }
            /// A field left out at run time would shift every later one.
            #[cold]
            fn skip_field(&mut self, _key: &'static str) -> Result<(), EncodeError> {
                Err(unsupported("`skip_serializing_if` (a field left out at run time)"))
            }
            #[inline]
            fn end(self) -> Result<(), EncodeError> {
                Compound::end(self, "a struct that writes another number of fields than it declares")
            }
        }
    )*};
}
named_fields!(SerializeStruct SerializeStructVariant);
