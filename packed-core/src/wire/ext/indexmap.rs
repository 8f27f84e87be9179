//! `IndexMap` and `IndexSet`: as the other maps and sets, a length prefix, then the
//! entries in the map's order (which, unlike a `HashMap`'s, is the order they were
//! inserted in, so equal maps built alike give equal bytes). A key that comes twice is
//! [`DecodeError::DuplicateKey`].

use indexmap::{IndexMap, IndexSet};

use super::super::map::{decode_entries, encode_entries, hash_table_bytes, maps, Pair};
use super::super::seq::Reserve;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

maps!(IndexMap<K: Eq: core::hash::Hash, V, S> indexed);
maps!(IndexSet<T: Eq: core::hash::Hash, S> indexed;);
