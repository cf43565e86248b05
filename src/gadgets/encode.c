/* Encoding of the replica (storage-proofs-core gadgets/encode.rs): the
 * replica node is key + data in Fr. As upstream, encode is constraint::add
 * and decode is constraint::sub (cuzk_num_add / cuzk_num_sub, num.c). */
#include "gadgets_impl.h"

int cuzk_encode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value)
{
    return cuzk_num_add(cs, out, key, value); /* (key + value) * 1 = out */
}

int cuzk_decode_gadget(cuzk_cs *cs, cuzk_num *out, const cuzk_num *key, const cuzk_num *value)
{
    return cuzk_num_sub(cs, out, value, key); /* (out + key) * 1 = value */
}
