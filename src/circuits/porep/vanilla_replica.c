/* replica_id (storage-proofs-porep params.rs generate_replica_id) and the
 * Fr32 helpers (fr32 crate): 32-byte values that must read as an Fr. */
#include <string.h>
#include "circuits/porep/porep_impl.h"
#include "cuzk/hash.h"

void cuzk_porep_replica_id(uint8_t out[32], const uint8_t prover_id[32], uint64_t sector_id,
                           const uint8_t ticket[32], const uint8_t comm_d[32], const uint8_t porep_id[32])
{
    uint8_t m[136];
    memcpy(m, prover_id, 32);
    cuzk_porep_put_be64(m + 32, sector_id); /* big-endian, unlike every other integer here */
    memcpy(m + 40, ticket, 32);
    memcpy(m + 72, comm_d, 32);
    memcpy(m + 104, porep_id, 32);
    cuzk_sha256_trunc254(out, m, sizeof m);
}

bool cuzk_fr32_is_valid(const uint8_t bytes[32])
{
    cuzk_fr f;
    return cuzk_fr_from_bytes_le(&f, bytes, NULL) == 0;
}

size_t cuzk_fr32_padded_len(size_t unpadded)
{
    /* 254 data bits per 256-bit node; the last partial node keeps its bytes. */
    uint64_t bits = (uint64_t)unpadded * 8;
    uint64_t out_bits = bits / 254 * 256 + bits % 254;
    return (size_t)((out_bits + 7) / 8);
}

void cuzk_fr32_pad(uint8_t *out, const uint8_t *in, size_t len)
{
    /* Bit i of the input (LSB first within bytes) goes to bit
     * i + 2 * floor(i / 254) of the output; the two gap bits stay zero. */
    size_t out_len = cuzk_fr32_padded_len(len);
    memset(out, 0, out_len);
    for (uint64_t i = 0; i < (uint64_t)len * 8; i++) {
        if (!(in[i / 8] >> (i % 8) & 1)) continue;
        uint64_t j = i + 2 * (i / 254);
        out[j / 8] |= (uint8_t)(1u << (j % 8));
    }
}
