#pragma once
#include <libssh2.h>

#define OPENSSL_SUPPRESS_DEPRECATED  // RAND_METHOD: OpenSSL 3 keeps it for this very use
#include <errno.h>
#include <openssl/rand.h>
#include <sys/random.h>

// libssh2 pads every packet with RAND_bytes, and OpenSSL 3 answers each call by walking its
// DRBG (a lookup, locks, a getpid to notice a fork): a keystroke's packet spent longer there
// than in its cipher (docs/benchmarks/ssh.md). The kernel's generator, which seeds that DRBG,
// is asked directly instead, for every random byte libcrypto gives this process. getrandom(2)
// without flags blocks only until the kernel's pool is first ready.
static inline int voicesh_kernel_random(unsigned char *buffer, int count) {
    if (count < 0) return 0;
    while (count > 0) {
        ssize_t got = getrandom(buffer, (size_t)count, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        buffer += got;
        count -= (int)got;
    }
    return 1;
}

static inline int voicesh_kernel_random_ready(void) { return 1; }

static inline int voicesh_use_kernel_random(void) {
    static const RAND_METHOD kernel = {
        .bytes = voicesh_kernel_random,
        .pseudorand = voicesh_kernel_random,
        .status = voicesh_kernel_random_ready,
    };
    return RAND_set_rand_method(&kernel);
}
