#ifndef SAYLINE_CBRAILLEAPI_SHIM_H
#define SAYLINE_CBRAILLEAPI_SHIM_H
// BrlAPI, BRLTTY's client library: the display's size, writing to it and reading its keys.
// Only the handle-based calls are used (one connection an output, no library-wide state).
#define BRLAPI_NO_SINGLE_SESSION 1
#define BRLAPI_NO_DEPRECATED 1
#include <brlapi.h>

// Key codes are built by function-like macros Swift cannot import: these are their values.
static const brlapi_keyCode_t sayline_brlapi_type_mask = BRLAPI_KEY_TYPE_MASK;
static const brlapi_keyCode_t sayline_brlapi_type_command = BRLAPI_KEY_TYPE_CMD;
static const brlapi_keyCode_t sayline_brlapi_command_block_mask = BRLAPI_KEY_CMD_BLK_MASK;
static const brlapi_keyCode_t sayline_brlapi_command_argument_mask = BRLAPI_KEY_CMD_ARG_MASK;
static const brlapi_keyCode_t sayline_brlapi_line_up = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_LNUP;
static const brlapi_keyCode_t sayline_brlapi_line_down = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_LNDN;
static const brlapi_keyCode_t sayline_brlapi_pan_left = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_FWINLT;
static const brlapi_keyCode_t sayline_brlapi_pan_right = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_FWINRT;
static const brlapi_keyCode_t sayline_brlapi_top = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_TOP;
static const brlapi_keyCode_t sayline_brlapi_bottom = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_BOT;
static const brlapi_keyCode_t sayline_brlapi_home = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_HOME;
static const brlapi_keyCode_t sayline_brlapi_route = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_ROUTE;
static const int sayline_brlapi_cursor_off = BRLAPI_CURSOR_OFF;

// brlapi_writeArguments_t's initializer is a macro too.
static inline brlapi_writeArguments_t sayline_brlapi_write_arguments(void) {
    brlapi_writeArguments_t arguments = BRLAPI_WRITEARGUMENTS_INITIALIZER;
    return arguments;
}
#endif
