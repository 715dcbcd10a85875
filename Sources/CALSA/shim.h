#pragma once
#include <alsa/asoundlib.h>

// alsa-lib prints its own errors on stderr ("ALSA lib pcm.c:…"); voicesh says what went
// wrong in one line of its own, so the library's are silenced. The handler is variadic, which
// Swift cannot define, hence this shim.
static void voicesh_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {}
static inline void voicesh_alsa_quiet(void) { snd_lib_error_set_handler(voicesh_alsa_silent); }
