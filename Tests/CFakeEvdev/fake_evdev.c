#include "fake_evdev.h"
