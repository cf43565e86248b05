/* The value mirror of the PoRep circuit (stacked_circuit.c): its prefix and
 * one challenge, over the generic gadgets' mirror (gadgets/mirror.h), with
 * the same allocations, in the same order and with the same values as the
 * generic synthesis. */
#include "witness_impl.h"

#include <string.h>

#include "ff/ff_internal.h"

/* ---- the circuit: prefix and one challenge (stacked_circuit.c) ------------------------ */
void wm_prefix(wm_ctx *m, const wm_circuit *c, const wm_inputs *in, wm_bool rid_bits[256], cuzk_fr *comm_c,
               cuzk_fr *comm_r_last)
{
    wm_bool rid_le[255];
    wm_mark_section(m, "replica_id, comm_d, comm_r, comm_r_last, comm_c", 0);
    wm_alloc_fr(m, &in->replica_id);
    wm_alloc_input(m, &in->replica_id), wm_con(m); /* inputize */
    wm_to_bits_le(m, rid_le, &in->replica_id);
    wm_reverse_bit_numbering(rid_bits, rid_le, 255);
    wm_alloc_fr(m, &in->comm_d);
    wm_alloc_input(m, &in->comm_d), wm_con(m);
    wm_alloc_fr(m, &in->comm_r);
    wm_alloc_input(m, &in->comm_r), wm_con(m);
    wm_alloc_fr(m, &in->comm_r_last);
    wm_alloc_fr(m, &in->comm_c);
    *comm_c = in->comm_c;
    *comm_r_last = in->comm_r_last;
    wm_mark_section(m, "comm_r = Poseidon2(comm_c, comm_r_last)", 0);
    const cuzk_fr pair[2] = { in->comm_c, in->comm_r_last };
    cuzk_fr h;
    wm_poseidon(m, &h, pair, c->poseidon2);
    wm_con(m); /* comm_r * 1 = h */
}

void wm_challenge(wm_ctx *m, const wm_circuit *c, const wm_bool rid_bits[256], const cuzk_porep_challenge_proof *p,
                  wm_scratch *s)
{
    const uint32_t layers = c->layers;
    cuzk_fr data_leaf;
    wm_mark_section(m, "data leaf", 0);
    cuzk_fr_from_bytes_le(&data_leaf, p->comm_d_proof.leaf, NULL);
    wm_alloc_fr(m, &data_leaf);
    wm_inclusion(m, &c->tree_d, &data_leaf, p->comm_d_proof.index, p->comm_d_proof.hashes,
                "tree-D inclusion level", &s->sha);

    for (int k = 0; k < CUZK_POREP_PARENTS; k++) {
        const cuzk_porep_column_proof *col =
            k < CUZK_POREP_DRG_PARENTS ? &p->drg_parents[k] : &p->exp_parents[k - CUZK_POREP_DRG_PARENTS];
        wm_mark_section(m, "parent column rows and hash, parent", (uint32_t)k);
        for (uint32_t r = 0; r < layers; r++) {
            cuzk_fr_from_bytes_le(&s->cols[k][r], col->column.rows[r], NULL);
            wm_alloc_fr(m, &s->cols[k][r]);
        }
        cuzk_fr h;
        wm_poseidon(m, &h, s->cols[k], c->column);
        wm_inclusion(m, &c->tree_cr, &h, col->inclusion.index, col->inclusion.hashes,
                "tree-C inclusion (parent column) level", &s->sha);
    }

    wm_mark_section(m, "challenge UInt64", 0);
    const uint64_t node = p->labeling[0].node;
    wm_bool chal[64];
    for (int i = 0; i < 64; i++) chal[i] = wm_balloc(m, (node >> i) & 1);
    wm_pack_into_inputs(m, chal, 64);

    for (uint32_t layer = 1; layer <= layers; layer++) {
        const int n = layer > 1 ? CUZK_POREP_PARENTS : CUZK_POREP_DRG_PARENTS;
        wm_mark_section(m, "labeling: parent bits and label SHA-256, layer", layer);
        for (int k = 0; k < n; k++) {
            const uint32_t row = k < CUZK_POREP_DRG_PARENTS ? layer - 1 : layer - 2;
            wm_bool le[255];
            wm_to_bits_le(m, le, &s->cols[k][row]);
            wm_reverse_bit_numbering(s->parent_bits[k], le, 255);
        }
        /* message: replica id | layer BE | node BE | zeros to 512 | 37 parents */
        wm_bool *msg = s->msg;
        size_t q = 0;
        for (size_t i = 0; i < 256; i++) msg[q++] = rid_bits[i];
        const wm_u32 lw = wm_u32_const(layer);
        wm_u32_into_bits_be(msg + q, &lw);
        q += 32;
        for (int i = 0; i < 64; i++) msg[q++] = chal[63 - i];
        while (q < 512) msg[q++] = wm_bconst(false);
        for (int k = 0; k < CUZK_LABEL_PARENTS; k++) {
            memcpy(msg + q, s->parent_bits[k % n], 256 * sizeof *msg);
            q += 256;
        }
        wm_bool digest[256], le[256];
        wm_sha256(m, digest, msg, q, &s->sha);
        wm_reverse_bit_numbering(le, digest, 256);
        wm_pack_bits(m, &s->labels[layer - 1], le, 254);
    }

    wm_mark_section(m, "encoding", 0);
    cuzk_fr replica;
    cuzk_fr_add_i(&replica, &s->labels[layers - 1], &data_leaf);
    wm_alloc_fr(m, &replica);
    wm_con(m); /* (key + value) * 1 = replica */
    wm_inclusion(m, &c->tree_cr, &replica, p->comm_r_last_proof.index, p->comm_r_last_proof.hashes,
                "tree-R inclusion level", &s->sha);
    wm_mark_section(m, "column hash of the challenge", 0);
    cuzk_fr cx;
    wm_poseidon(m, &cx, s->labels, c->column);
    wm_inclusion(m, &c->tree_cr, &cx, p->c_x.inclusion.index, p->c_x.inclusion.hashes,
                "tree-C inclusion (challenge column) level", &s->sha);
}
