// Where the time after the last frame goes: the CPU pocketsphinx spends in ps_end_utt for a
// recording, under the decoder settings given after it (to compare search settings on the
// same audio, whatever else the machine runs). Prints figures; asserts nothing.
//
//   cc -O2 -o /tmp/pocketsphinx_tail Benchmarks/pocketsphinx_tail.c $(pkg-config --cflags --libs pocketsphinx)
//   /tmp/pocketsphinx_tail SPEECH.wav -hmm /usr/share/pocketsphinx/model/en-us/en-us \
//       -lm shell.lm -dict shell.dict -logfn /dev/null -samprate 16000 [-fwdflat no …]
//
// SPEECH.wav: 16 kHz mono 16-bit with a 44-byte header (scripts/synthesize-voices writes
// these); shell.lm and shell.dict: an edge model from the cache (~/.cache/voicesh*/…/edge-*).
#include <pocketsphinx.h>
#include <stdio.h>
#include <time.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SPEECH.wav POCKETSPHINX-ARGUMENTS…\n", argv[0]);
        return 2;
    }
    cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), argc - 2, argv + 2, 1);
    ps_decoder_t *ps = config ? ps_init(config) : NULL;
    FILE *f = fopen(argv[1], "rb");
    if (!ps || !f) {
        fprintf(stderr, "%s: cannot load the model or open %s\n", argv[0], argv[1]);
        return 1;
    }
    static short samples[16000 * 60];
    fseek(f, 44, SEEK_SET);
    size_t n = fread(samples, 2, sizeof samples / 2, f);
    fclose(f);
    for (int run = 0; run < 3; run++) {  // the first run warms the caches
        ps_start_utt(ps);
        double started = cpu();
        for (size_t i = 0; i < n; i += 640)  // 40 ms frames, as AudioFrame.frames cuts them
            ps_process_raw(ps, samples + i, n - i < 640 ? n - i : 640, 0, 0);
        double last = cpu();
        ps_end_utt(ps);
        int32 score;
        const char *hyp = ps_get_hyp(ps, &score);
        double done = cpu();
        printf("%.1f s of audio: decoding %.0f ms CPU, end of audio → text %.1f ms CPU | %s\n", n / 16000.0,
               (last - started) * 1000, (done - last) * 1000, hyp ? hyp : "");
    }
    ps_free(ps);
    cmd_ln_free_r(config);
    return 0;
}
