//! The positional `Deserializer`: the wire format of `wire::*` into serde's data model.
//!
//! A positional format says nothing about what comes next, so the type being decoded
//! must: every `deserialize_*` reads what its name says, through the same [`Decode`]
//! impl, length prefix, option flag and enum tag reader as a derived type's field of
//! that type, and `deserialize_any` is an error.

use alloc::borrow::Cow;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use crate::ctx::Ctx;
use crate::layout::Inherit;
use crate::wire::enums::{read_tag, unknown_variant, VariantIndex};
use crate::wire::seq::{claim, element, read_len, settle, Claim, Reserve};
use crate::wire::string::{decode_bytes, decode_str};
use crate::wire::wrap::option_flag;
use crate::{Decode, DecodeError, Reader};

use super::boxed::Boxed;

/// What the `Deserializer` returns: a [`DecodeError`] behind one pointer (see
/// [`Boxed`]).
pub(crate) type Error = Boxed<DecodeError>;

impl de::Error for DecodeError {
    /// Without an offset: [`Serde`](super::Serde)'s `decode` sets it to where decoding
    /// stopped.
    fn custom<T: core::fmt::Display>(msg: T) -> Self {
        DecodeError::SerdeCustom {
            offset: usize::MAX,
            message: alloc::string::ToString::to_string(&msg),
        }
    }
}

impl de::Error for Error {
    #[cold]
    fn custom<T: core::fmt::Display>(msg: T) -> Self {
        <DecodeError as de::Error>::custom(msg).into()
    }
}

/// The context of a struct's or enum's fields inside context `C`.
type Fields<C> = <C as Ctx>::Enter<Inherit>;

#[cold]
#[inline(never)]
fn unsupported(offset: usize, feature: &'static str) -> Error {
    DecodeError::SerdeUnsupported { offset, feature }.into()
}

/// Reads serde's data model positionally under context `C` from `R`.
pub(crate) struct Deserializer<'a, C, R: ?Sized> {
    r: &'a mut R,
    ctx: PhantomData<fn() -> C>,
}

impl<'a, 'de, C: Ctx, R: Reader<'de> + ?Sized> Deserializer<'a, C, R> {
    #[inline(always)]
    pub(crate) fn new(r: &'a mut R) -> Self {
        Self {
            r,
            ctx: PhantomData,
        }
    }

    /// Visits a struct, tuple struct or newtype's `len` fields: one level of nesting,
    /// as a derived type's.
    #[inline]
    fn fields<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.r.enter()?;
        let v = visitor.visit_seq(Fixed::<Fields<C>, R> {
            r: &mut *self.r,
            left: len,
            ctx: PhantomData,
        })?;
        self.r.leave();
        Ok(v)
    }
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> Deserializer<'_, C, R> {
    /// Reads a length prefix, claims that many elements (see [`Unknown`]) and lets
    /// `visit` read them; the visitor must take them all.
    #[inline]
    fn counted<T>(
        self,
        visit: impl FnOnce(&mut Counted<'_, C::Elem, R>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        // A level of nesting, unlike a derived type's `Vec`: a serde type may recurse
        // through sequences, maps, options and tuples alone (`#[serde(transparent)]
        // struct Tree(Vec<Tree>)` visits no struct), and only the depth limit stops a
        // million nested one-element sequences from overflowing the stack.
        self.r.enter()?;
        let (offset, len) = read_len::<C, R>(self.r)?;
        let claim = claim::<Unknown, R>(offset, len, Reserve::Nothing, self.r)?;
        let mut access = Counted {
            r: &mut *self.r,
            claim,
            offset,
            left: len,
            ctx: PhantomData,
        };
        let v = visit(&mut access)?;
        access.finish()?;
        self.r.leave();
        Ok(v)
    }

    /// Reads a number, `bool` or `char` through its [`Decode`] impl. Where its size is
    /// fixed and the reader knows the bytes left, they are checked here first, with one
    /// out-of-line call on failure: the decode's own check then folds away, and with it
    /// the inlined construction of its error, which would otherwise make every field's
    /// read too large for serde's visitors to inline.
    #[inline(always)]
    fn scalar<T: Decode<'de>>(&mut self) -> Result<T, Error> {
        let size = T::fixed_size::<C>().bytes();
        if size != 0 && self.r.remaining().is_some_and(|left| left < size) {
            return Err(failed::<C, T, R>(self.r));
        }
        T::decode::<C, R>(self.r).map_err(Error::from)
    }
}

/// The error of a decode of `T` that is known to fail: the decode's own, so that
/// [`Deserializer::scalar`]'s check ahead of it changes no error.
#[cold]
#[inline(never)]
fn failed<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(r: &mut R) -> Error {
    match T::decode::<C, R>(r) {
        Err(e) => e.into(),
        // Not reached: the bytes left were too few. Say so rather than panic.
        Ok(_) => DecodeError::UnexpectedEnd {
            offset: r.offset(),
            needed: T::fixed_size::<C>().bytes(),
            remaining: r.remaining().unwrap_or(0),
        }
        .into(),
    }
}

/// Reads a value of a type with a [`Decode`] impl and visits it with `$visit`.
macro_rules! through_decode {
    ($($method:ident($t:ty) => $visit:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.scalar::<$t>()?)
        }
    )*};
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> de::Deserializer<'de> for Deserializer<'_, C, R> {
    type Error = Error;

    /// A positional format cannot say what comes next.
    #[cold]
    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(unsupported(
            self.r.offset(),
            "`deserialize_any` (untagged or internally tagged enums, `flatten`, \
             self-describing types)",
        ))
    }

    #[cold]
    fn deserialize_ignored_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(unsupported(
            self.r.offset(),
            "`deserialize_ignored_any` (a value skipped without its type)",
        ))
    }

    through_decode!(
        deserialize_bool(bool) => visit_bool,
        deserialize_i8(i8) => visit_i8,
        deserialize_i16(i16) => visit_i16,
        deserialize_i32(i32) => visit_i32,
        deserialize_i64(i64) => visit_i64,
        deserialize_i128(i128) => visit_i128,
        deserialize_u8(u8) => visit_u8,
        deserialize_u16(u16) => visit_u16,
        deserialize_u32(u32) => visit_u32,
        deserialize_u64(u64) => visit_u64,
        deserialize_u128(u128) => visit_u128,
        deserialize_f32(f32) => visit_f32,
        deserialize_f64(f64) => visit_f64,
        deserialize_char(char) => visit_char,
    );

    /// Borrowed from a slice (`&'de str` fields), copied from a stream.
    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match decode_str::<C, R>(self.r)? {
            Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
            Cow::Owned(s) => visitor.visit_string(s),
        }
    }

    /// An owned string, built as the derive builds a `String` field.
    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_string(alloc::string::String::decode::<C, R>(self.r)?)
    }

    /// Borrowed from a slice (`&'de [u8]` with `serde_bytes`), copied from a stream.
    #[inline]
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match decode_bytes::<C, R>(self.r)? {
            Cow::Borrowed(b) => visitor.visit_borrowed_bytes(b),
            Cow::Owned(b) => visitor.visit_byte_buf(b),
        }
    }

    #[inline]
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if option_flag::<C, R>(self.r)? {
            // A level, as a sequence is (see `counted`): `#[serde(transparent)]
            // struct List(Option<Box<List>>)` recurses through options alone.
            self.r.enter()?;
            let v = visitor.visit_some(Deserializer::<C, R>::new(&mut *self.r))?;
            self.r.leave();
            Ok(v)
        } else {
            visitor.visit_none()
        }
    }

    #[inline]
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.r.enter()?;
        let v = visitor.visit_newtype_struct(Deserializer::<Fields<C>, R>::new(&mut *self.r))?;
        self.r.leave();
        Ok(v)
    }

    /// A length prefix, then the elements; checked against the input before the
    /// visitor allocates, as a `Vec`'s length is.
    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.counted(|access| visitor.visit_seq(access))
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        // A level, as a sequence is (see `counted`): a `Deserialize` impl may recurse
        // through tuples, reading its own flags.
        self.r.enter()?;
        let v = visitor.visit_seq(Fixed::<C::Elem, R> {
            r: &mut *self.r,
            left: len,
            ctx: PhantomData,
        })?;
        self.r.leave();
        Ok(v)
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.fields(len, visitor)
    }

    /// A length prefix, then key, value, key, value...
    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.counted(|access| visitor.visit_map(access))
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.fields(fields.len(), visitor)
    }

    /// The variant's tag (the derive's default form, a `std::variant` index), then its
    /// fields.
    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.r.enter()?;
        let offset = self.r.offset();
        let tag = read_tag::<Fields<C>, VariantIndex, R>(self.r)?;
        if tag as usize >= variants.len() {
            return Err(unknown_variant(offset, name, u64::from(tag)).into());
        }
        let v = visitor.visit_enum(Variant::<Fields<C>, R> {
            r: &mut *self.r,
            tag,
            ctx: PhantomData,
        })?;
        self.r.leave();
        Ok(v)
    }

    /// Field names are never written: a struct's fields are visited as a sequence.
    #[cold]
    fn deserialize_identifier<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(unsupported(
            self.r.offset(),
            "`deserialize_identifier` (names are not written: adjacently tagged enums, \
             `flatten`, a struct read as a map)",
        ))
    }

    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// An element of a serde sequence or map, whose type the format does not know: it may
/// hold sequences and may encode to nothing, so its sequence's length is checked as a
/// `Vec<Box<T>>`'s is (against the bytes left that no enclosing sequence has promised,
/// and elements that take no input against the document's budget). Never decoded.
struct Unknown;

impl<'de> Decode<'de> for Unknown {
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Err(DecodeError::SerdeUnsupported {
            offset: r.offset(),
            feature: "an element of unknown type",
        })
    }
}

/// A length-prefixed sequence or map: `left` elements (entries) to go.
struct Counted<'a, C, R: ?Sized> {
    r: &'a mut R,
    claim: Claim,
    offset: usize,
    left: usize,
    ctx: PhantomData<fn() -> C>,
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> Counted<'_, C, R> {
    /// Reads the next element (a map's key, or a sequence's element) through the claim,
    /// or `None` after the last.
    #[inline(always)]
    fn next<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let offset = self.offset;
        element::<Unknown, R, T::Value, Error>(&mut self.claim, offset, self.r, |r| {
            seed.deserialize(Deserializer::<C, R>::new(r))
        })
        .map(Some)
    }

    /// The visitor must take every element: one it left would be read as what follows.
    #[inline]
    fn finish(self) -> Result<(), Error> {
        if self.left != 0 {
            return Err(DecodeError::SerdeCustom {
                offset: self.r.offset(),
                message: alloc::format!(
                    "the type read {} fewer elements than the length prefix at byte {} gives",
                    self.left,
                    self.offset
                ),
            }
            .into());
        }
        settle(self.claim, self.r);
        Ok(())
    }
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> de::SeqAccess<'de> for &mut Counted<'_, C, R> {
    type Error = Error;
    #[inline(always)]
    fn next_element<T: de::Deserialize<'de>>(&mut self) -> Result<Option<T>, Error> {
        self.next_element_seed(PhantomData)
    }
    #[inline(always)]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.next(seed)
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        // What the claim allows to allocate up front: no more than the input holds.
        Some(self.claim.cap.min(self.left))
    }
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> de::MapAccess<'de> for &mut Counted<'_, C, R> {
    type Error = Error;
    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        self.next(seed)
    }
    /// The value belongs to the entry its key started: read without the claim's
    /// per-element step.
    #[inline]
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(Deserializer::<C, R>::new(self.r))
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.claim.cap.min(self.left))
    }
}

/// A tuple's elements or a struct's fields: `left` to go, no prefix.
struct Fixed<'a, C, R: ?Sized> {
    r: &'a mut R,
    left: usize,
    ctx: PhantomData<fn() -> C>,
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> de::SeqAccess<'de> for Fixed<'_, C, R> {
    type Error = Error;
    // Always inline, with the deserializer's methods: a struct's fields are read in its
    // visitor's body, where the reader's position can stay in a register.
    #[inline(always)]
    fn next_element<T: de::Deserialize<'de>>(&mut self) -> Result<Option<T>, Error> {
        self.next_element_seed(PhantomData)
    }
    #[inline(always)]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(Deserializer::<C, R>::new(self.r))
            .map(Some)
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// An enum's variant, its tag read: its fields under the enum's context `C`.
struct Variant<'a, C, R: ?Sized> {
    r: &'a mut R,
    tag: u32,
    ctx: PhantomData<fn() -> C>,
}

impl<'a, 'de, C: Ctx, R: Reader<'de> + ?Sized> de::EnumAccess<'de> for Variant<'a, C, R> {
    type Error = Error;
    type Variant = Self;
    #[inline]
    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self), Error> {
        let index: de::value::U32Deserializer<Error> = self.tag.into_deserializer();
        Ok((seed.deserialize(index)?, self))
    }
}

impl<'de, C: Ctx, R: Reader<'de> + ?Sized> de::VariantAccess<'de> for Variant<'_, C, R> {
    type Error = Error;
    #[inline]
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    #[inline]
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(Deserializer::<C, R>::new(self.r))
    }
    #[inline]
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Fixed::<C, R> {
            r: self.r,
            left: len,
            ctx: PhantomData,
        })
    }
    #[inline]
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.tuple_variant(fields.len(), visitor)
    }
}
