// Front-end and decoder settings against one voice's folder (NAME.wav + NAME.txt, as
// scripts/synthesize-voices writes them), decoded the way PocketSphinxDecoder does it: one
// decoder for the whole folder, 40 ms blocks, so the live CMN runs on from line to line.
// Prints exact matches and word error rate of the raw words; asserts nothing. Used to measure
// speaker normalisation without enrollment (BENCHMARKS.md, "Edge engine, acoustic side").
//
//   cc -O2 -o /tmp/decoder_settings Benchmarks/decoder_settings.c $(pkg-config --cflags --libs pocketsphinx)
//   /tmp/decoder_settings HMM LM DICT FOLDER [live|batch] [PRIME] [pocketsphinx arguments…]
//
// HMM is an acoustic model folder (the stock one or a learnt voice), LM and DICT the edge
// model's shell.lm and shell.dict (from its cache). batch decodes each line as one block
// (whole-utterance CMN); PRIME decodes the folder's last PRIME lines first, unscored, to warm
// the CMN as earlier dictations of the same voice would. Extra arguments go to pocketsphinx,
// e.g. -warp_type inverse_linear -warp_params 1.1. VERBOSE=1 prints every miss.
#include <dirent.h>
#include <pocketsphinx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_WORDS = 64, BLOCK = 640 };

// The samples of a 16-bit PCM WAV file's data chunk.
static short *read_wav(const char *path, int *count) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size);
    size_t got = fread(bytes, 1, size, file);
    fclose(file);
    for (long at = 12; at + 8 <= (long)got;) {
        unsigned length = bytes[at + 4] | bytes[at + 5] << 8 | bytes[at + 6] << 16 | (unsigned)bytes[at + 7] << 24;
        if (!memcmp(bytes + at, "data", 4) && (size_t)at + 8 + length <= got) {
            short *samples = malloc(length);
            memcpy(samples, bytes + at + 8, length);
            *count = length / 2;
            free(bytes);
            return samples;
        }
        at += 8 + length + (length & 1);
    }
    free(bytes);
    return NULL;
}

// Splits `text` in place into words, leaving out fillers and markers and "(2)" variants.
static int words_of(char *text, char **words) {
    int count = 0;
    for (char *word = strtok(text, " \t\n"); word && count < MAX_WORDS; word = strtok(NULL, " \t\n")) {
        if (word[0] == '<' || word[0] == '[' || word[0] == '+') continue;
        char *variant = strchr(word, '(');
        if (variant) *variant = 0;
        words[count++] = word;
    }
    return count;
}

static int word_errors(char **reference, int r, char **hypothesis, int h) {
    int d[MAX_WORDS + 1][MAX_WORDS + 1];
    for (int i = 0; i <= r; i++) d[i][0] = i;
    for (int j = 0; j <= h; j++) d[0][j] = j;
    for (int i = 1; i <= r; i++)
        for (int j = 1; j <= h; j++) {
            int best = d[i - 1][j - 1] + (strcmp(reference[i - 1], hypothesis[j - 1]) != 0);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[r][h];
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s HMM LM DICT FOLDER [live|batch] [PRIME] [pocketsphinx arguments…]\n", argv[0]);
        return 2;
    }
    const char *folder = argv[4];
    int batch = argc > 5 && !strcmp(argv[5], "batch");
    int prime = argc > 6 ? atoi(argv[6]) : 0;
    char *arguments[128] = {"decoder_settings", "-hmm", argv[1], "-lm", argv[2], "-dict", argv[3],
                            "-logfn", "/dev/null", "-samprate", "16000"};
    int count = 11;
    for (int i = 7; i < argc && count < 128; i++) arguments[count++] = argv[i];
    cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), count, arguments, 1);
    ps_decoder_t *decoder = config ? ps_init(config) : NULL;
    if (!decoder) {
        fprintf(stderr, "pocketsphinx rejected the settings\n");
        return 1;
    }

    DIR *directory = opendir(folder);
    if (!directory) {
        fprintf(stderr, "cannot read %s\n", folder);
        return 1;
    }
    char *names[1024];
    int lines = 0;
    for (struct dirent *entry; (entry = readdir(directory)) && lines < 1024;) {
        size_t length = strlen(entry->d_name);
        if (length > 4 && !strcmp(entry->d_name + length - 4, ".txt")) names[lines++] = strdup(entry->d_name);
    }
    closedir(directory);
    qsort(names, lines, sizeof *names, by_name);

    int exact = 0, errors = 0, words = 0, scored = 0;
    int warm = prime > 0 && prime < lines ? prime : 0;
    // The last `warm` lines unscored first, then every line scored.
    for (int step = lines - warm; step < 2 * lines; step++) {
        int i = step % lines, scoring = step >= lines;
        char path[4096], said[1024] = {0};
        snprintf(path, sizeof path, "%s/%s", folder, names[i]);
        FILE *text = fopen(path, "r");
        if (!text || !fgets(said, sizeof said, text)) {
            if (text) fclose(text);
            continue;
        }
        fclose(text);
        strcpy(path + strlen(path) - 4, ".wav");
        int samples = 0;
        short *audio = read_wav(path, &samples);
        if (!audio) continue;
        ps_start_utt(decoder);
        if (batch) {
            ps_process_raw(decoder, audio, samples, 0, 1);
        } else {
            for (int at = 0; at < samples; at += BLOCK)
                ps_process_raw(decoder, audio + at, samples - at < BLOCK ? samples - at : BLOCK, 0, 0);
        }
        ps_end_utt(decoder);
        free(audio);
        if (!scoring) continue;
        int score = 0;
        const char *hypothesis = ps_get_hyp(decoder, &score);
        char heard[1024], reference[1024];
        snprintf(heard, sizeof heard, "%s", hypothesis ? hypothesis : "");
        snprintf(reference, sizeof reference, "%s", said);
        char *heard_words[MAX_WORDS], *said_words[MAX_WORDS];
        int h = words_of(heard, heard_words), r = words_of(reference, said_words);
        int wrong = word_errors(said_words, r, heard_words, h);
        errors += wrong;
        words += r;
        scored += 1;
        if (!wrong) exact += 1;
        if (wrong && getenv("VERBOSE")) {
            said[strcspn(said, "\n")] = 0;
            printf("  %s →", said);
            for (int j = 0; j < h; j++) printf(" %s", heard_words[j]);
            printf("\n");
        }
    }
    printf("%s: exact %d/%d (%.1f%%), WER %.1f%%\n", folder, exact, scored, scored ? 100.0 * exact / scored : 0,
           words ? 100.0 * errors / words : 0);
    ps_free(decoder);
    return 0;
}
