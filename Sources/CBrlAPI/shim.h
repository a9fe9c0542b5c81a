// BRLTTY's BrlAPI (Debian: libbrlapi-dev, which has no pkg-config file: the module map names the
// library). Only AnnouncerBraille imports this module (BrlAPIDisplay).
#include <brlapi.h>

// BrlAPI's default exception handler ends the process on an error the server reports; a
// daemon's display thread must live through a BRLTTY that misbehaves, so it keeps the error.
static void announcer_brlapi_exception(brlapi_handle_t *handle, int error, brlapi_packetType_t type, const void *packet, size_t size) {
    (void)handle; (void)error; (void)type; (void)packet; (void)size;
}

static inline void announcer_brlapi_keep_exceptions(brlapi_handle_t *handle) {
    brlapi__setExceptionHandler(handle, announcer_brlapi_exception);
}

// A command key's command, as BrlAPI's macros take it apart: a block command (a routing key is
// BRLAPI_KEY_CMD_ROUTE) with its argument (the cell), or a basic command (its argument is the
// command); 0 for a key that is not a command (a typed character).
static inline unsigned int announcer_brlapi_command(brlapi_keyCode_t code, unsigned int *argument) {
    if ((code & BRLAPI_KEY_TYPE_MASK) != BRLAPI_KEY_TYPE_CMD) return 0;
    *argument = (unsigned int)(code & BRLAPI_KEY_CMD_ARG_MASK);
    unsigned int block = (unsigned int)(code & BRLAPI_KEY_CMD_BLK_MASK);
    return block ? block : *argument;
}

static const unsigned int announcer_brlapi_route = BRLAPI_KEY_CMD_ROUTE;
static const unsigned int announcer_brlapi_pan_left = BRLAPI_KEY_CMD_FWINLT;
static const unsigned int announcer_brlapi_pan_right = BRLAPI_KEY_CMD_FWINRT;
static const unsigned int announcer_brlapi_line_up = BRLAPI_KEY_CMD_LNUP;
static const unsigned int announcer_brlapi_line_down = BRLAPI_KEY_CMD_LNDN;
static const unsigned int announcer_brlapi_top = BRLAPI_KEY_CMD_TOP;
static const unsigned int announcer_brlapi_bottom = BRLAPI_KEY_CMD_BOT;
