/* The C client (src/server/client.c) against a running daemon started with
 * --test-circuits: status, Prove (completed, failed), a refused request.
 *
 *   server_c_client ADDR        prints ok/FAIL lines and "N passed, N failed" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuzk/client.h"
#include "test.h"

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: server_c_client ADDR\n");
        return 2;
    }
    cuzk_client *c = NULL;
    char err[512];
    CHECK_MSG(cuzk_client_open(&c, argv[1], NULL, err, sizeof err) == 0, "%s", err);
    if (!c) return test_finish("c_client");
    char *text = NULL;
    CHECK_MSG(cuzk_client_status_text(c, &text, err, sizeof err) == 0, "%s", err);
    CHECK(text && strstr(text, "queue test-a pending"));
    free(text);

    char id[64];
    snprintf(id, sizeof id, "c-client-%d", (int)getpid());
    const char *in = "x=9;partitions=2";
    cuzk_proof_request q;
    memset(&q, 0, sizeof q);
    q.kind = CUZK_KIND_TEST_A;
    q.vanilla_proof = (const uint8_t *)in;
    q.vanilla_proof_len = strlen(in);
    cuzk_job_result r;
    CHECK_MSG(cuzk_client_prove(c, &q, CUZK_PRIORITY_HIGH, id, 60000, &r, err, sizeof err) == 0, "%s", err);
    CHECK(r.state == CUZK_JOB_COMPLETED && r.proof_len == 384 && strcmp(r.job_id, id) == 0);
    cuzk_job_result_free(&r);

    q.kind = CUZK_KIND_TEST_B;
    CHECK_MSG(cuzk_client_prove(c, &q, CUZK_PRIORITY_DEFAULT, NULL, 60000, &r, err, sizeof err) == 0, "%s", err);
    CHECK(r.state == CUZK_JOB_FAILED && strstr(r.error, "refused by design") && r.proof == NULL);
    cuzk_job_result_free(&r);

    q.kind = 42;
    CHECK(cuzk_client_prove(c, &q, 0, NULL, 60000, &r, err, sizeof err) == -1 &&
          strstr(err, "INVALID_ARGUMENT: invalid proof_kind: 42"));
    cuzk_client_close(c);

    /* nothing listening there */
    CHECK(cuzk_client_open(&c, "unix:///nonexistent/cuzk.sock", NULL, err, sizeof err) == 0);
    if (c) {
        q.kind = CUZK_KIND_TEST_A;
        CHECK(cuzk_client_prove(c, &q, 0, NULL, 2000, &r, err, sizeof err) == -1 &&
              (strstr(err, "UNAVAILABLE") || strstr(err, "DEADLINE_EXCEEDED")));
        cuzk_client_close(c);
    }
    return test_finish("c_client");
}
