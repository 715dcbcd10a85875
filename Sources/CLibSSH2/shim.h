#pragma once
#include <libssh2.h>
