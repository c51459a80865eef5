#include <libevdev-1.0/libevdev/libevdev.h>
#include <linux/input.h>
