/* A deterministic stream for tests and benches (xoshiro256**), and the OS CSPRNG for secrets. */
#include "cuzk/util.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void cuzk_rng_seed(cuzk_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t cuzk_rng_u64(cuzk_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int cuzk_os_random(void *buf, size_t len, cuzk_err *err)
{
    uint8_t *p = buf;
    while (len > 0) {
        ssize_t got = getrandom(p, len, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return cuzk_err_set(err, CUZK_ERR_IO, "getrandom failed: %s", strerror(errno));
        }
        p += got;
        len -= (size_t)got;
    }
    return 0;
}
