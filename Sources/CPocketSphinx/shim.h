#pragma once
#include <pocketsphinx.h>
