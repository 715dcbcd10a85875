#pragma once
#include <pocketsphinx.h>
// err_set_logfp: the process-wide log, turned off once (PocketSphinxHandle).
#include <sphinxbase/err.h>
