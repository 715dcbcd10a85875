#pragma once
#include <vterm.h>
