/* The PoRep StackedCircuit (slow: 2.7 M constraints recorded twice): a real
 * 2 KiB seal's partition synthesized with values is satisfied, its inputs are
 * the native public inputs, tampering breaks it, and the blank circuit
 * records the same matrices. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"
#include "cuzk/gadgets.h"

static bool views_equal(const cuzk_lc_view *x, const cuzk_lc_view *y)
{
    if (x->len != y->len) return false;
    for (uint32_t i = 0; i < x->len; i++)
        if (x->terms[i].var.index != y->terms[i].var.index || x->terms[i].var.kind != y->terms[i].var.kind ||
            !cuzk_fr_eq(&x->terms[i].coeff, &y->terms[i].coeff))
            return false;
    return true;
}

static void seal_2kib(void)
{
    cuzk_porep_config cfg;
    cuzk_err err = {0};
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, &err) == 0);
    uint8_t *data = calloc(cfg.nodes, 32);
    for (uint64_t i = 0; i < cfg.nodes * 32; i++) data[i] = (uint8_t)(i * 7 + 3);
    for (uint64_t n = 0; n < cfg.nodes; n++) data[n * 32 + 31] &= 0x3f; /* Fr32 nodes */
    uint8_t prover[32] = {5}, ticket[32] = {6}, seed[32] = {8};
    cuzk_porep_seal s;
    CHECK_MSG(cuzk_porep_seal_init(&s, &cfg, data, prover, 17, ticket, NULL, &err) == 0, "%s", err.msg);
    cuzk_porep_c1 c1;
    CHECK_MSG(cuzk_porep_seal_commit(&s, seed, ticket, &c1, &err) == 0, "%s", err.msg);

    cuzk_porep_circuit *pc = NULL, *blank = NULL;
    CHECK_MSG(cuzk_porep_circuit_from_c1(&pc, &cfg, &c1, 0, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_porep_circuit_new_blank(&blank, &cfg, &err) == 0, "%s", err.msg);
    if (!pc || !blank) goto out;

    cuzk_circuit circ = cuzk_porep_circuit_get(pc), bcirc = cuzk_porep_circuit_get(blank);
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    CHECK_MSG(cuzk_circuit_synthesize(&circ, rec, &err) == 0, "%s", err.msg);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(rec, &st);
    /* spec §5.2: 2 687 921 circuit constraints + 40 input constraints, 2 685 673 aux */
    CHECK_MSG(st.constraints == 2687961 && st.inputs == 40 && st.aux == 2685673, "%llu %llu %llu",
              (unsigned long long)st.constraints, (unsigned long long)st.inputs, (unsigned long long)st.aux);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);

    /* inputs = the native public inputs of partition 0 */
    size_t n_in = cuzk_porep_public_input_count(&cfg);
    cuzk_fr *want = calloc(n_in, sizeof *want);
    uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
    CHECK(cuzk_porep_challenges(ch, &cfg, s.replica_id, s.comm_r, seed, 0, NULL) == 0);
    CHECK(cuzk_porep_public_inputs(want, &s.graph, s.replica_id, s.comm_d, s.comm_r, ch, cfg.challenges_per_partition,
                                   NULL) == 0);
    CHECK(n_in + 1 == st.inputs);
    size_t same = 0;
    for (size_t i = 0; i < n_in && i + 1 < st.inputs; i++)
        same += cuzk_fr_eq(cuzk_cs_value(rec, (cuzk_var){ (uint32_t)(i + 1), CUZK_VAR_INPUT }), &want[i]);
    CHECK_MSG(same == n_in, "%zu of %zu inputs equal", same, n_in);
    free(want);

    /* a replica_id bit flipped: its packing constraint (after the inputize and
     * 255 boolean constraints) is the first to fail */
    cuzk_var bit1 = { 1, CUZK_VAR_AUX };
    cuzk_fr saved = *cuzk_cs_value(rec, bit1), flipped, one;
    cuzk_fr_from_u64(&one, 1);
    cuzk_fr_from_u64(&flipped, cuzk_fr_is_zero(&saved) ? 1 : 0);
    CHECK(cuzk_fr_is_zero(&saved) || cuzk_fr_eq(&saved, &one));
    CHECK(cuzk_cs_set_value(rec, bit1, &flipped) == 0);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == 256);
    CHECK(cuzk_cs_set_value(rec, bit1, &saved) == 0);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);
    /* one bit deep inside the second challenge's labels flipped */
    for (uint32_t a = (uint32_t)(st.aux * 3 / 4); a < st.aux; a++) {
        cuzk_var v = { a, CUZK_VAR_AUX };
        saved = *cuzk_cs_value(rec, v);
        if (!cuzk_fr_is_zero(&saved) && !cuzk_fr_eq(&saved, &one)) continue;
        cuzk_fr_from_u64(&flipped, cuzk_fr_is_zero(&saved) ? 1 : 0);
        cuzk_cs_set_value(rec, v, &flipped);
        CHECK(cuzk_cs_recorder_first_unsatisfied(rec) >= 0);
        cuzk_cs_set_value(rec, v, &saved);
        break;
    }
    /* one full-field aux (the last: the c_x path's final Poseidon output) off by one */
    cuzk_var last = { (uint32_t)(st.aux - 1), CUZK_VAR_AUX };
    saved = *cuzk_cs_value(rec, last);
    cuzk_fr_add(&flipped, &saved, &one);
    cuzk_cs_set_value(rec, last, &flipped);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) >= 0);
    cuzk_cs_set_value(rec, last, &saved);

    /* the blank circuit records the very same matrices */
    cuzk_cs *brec = cuzk_cs_recorder_new(false);
    CHECK_MSG(cuzk_circuit_synthesize(&bcirc, brec, &err) == 0, "%s", err.msg);
    cuzk_cs_stats bst;
    cuzk_cs_get_stats(brec, &bst);
    CHECK(bst.constraints == st.constraints && bst.inputs == st.inputs && bst.aux == st.aux &&
          bst.nnz_a == st.nnz_a && bst.nnz_b == st.nnz_b && bst.nnz_c == st.nnz_c);
    uint64_t differ = 0;
    for (uint64_t i = 0; i < st.constraints && i < bst.constraints; i++) {
        cuzk_lc_view a, b, c, a2, b2, c2;
        cuzk_cs_recorder_constraint(rec, i, &a, &b, &c);
        cuzk_cs_recorder_constraint(brec, i, &a2, &b2, &c2);
        differ += !(views_equal(&a, &a2) && views_equal(&b, &b2) && views_equal(&c, &c2));
    }
    CHECK_MSG(differ == 0, "%llu constraints differ", (unsigned long long)differ);
    cuzk_cs_free(brec);
    cuzk_cs_free(rec);

    /* a blank circuit refuses a cs with values; a wrong shape is refused */
    cuzk_cs *vcs = cuzk_cs_recorder_new(true);
    CHECK(cuzk_circuit_synthesize(&bcirc, vcs, NULL) != 0);
    cuzk_cs_free(vcs);
    cuzk_porep_config other = cfg;
    other.tree_d_levels = 5;
    cuzk_porep_circuit *bad = NULL;
    CHECK(cuzk_porep_circuit_from_c1(&bad, &other, &c1, 0, NULL) != 0 && bad == NULL);
    CHECK(cuzk_porep_circuit_from_c1(&bad, &cfg, &c1, 1, NULL) != 0);
out:
    cuzk_porep_circuit_free(pc);
    cuzk_porep_circuit_free(blank);
    cuzk_porep_c1_free(&c1);
    cuzk_porep_seal_free(&s);
    free(data);
}

int main(void)
{
    seal_2kib();
    return test_finish("test_porep_circuit_slow");
}
