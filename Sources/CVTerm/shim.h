#ifndef ANNOUNCER_CVTERM_SHIM_H
#define ANNOUNCER_CVTERM_SHIM_H

#include <stdint.h>
#include <vterm.h>

/// One cell as the terminal door reads it: its first character (0 for an empty cell), its
/// width in columns, and its look as one number: reverse video and the background colour,
/// 0 when it has neither (C bit fields and colour unions stay on this side).
typedef struct {
    uint32_t character;
    int width;
    uint32_t look;
} announcer_vterm_cell;

static inline uint32_t announcer_vterm_look(const VTermScreenCell *cell) {
    uint32_t look = 0;
    if (cell->attrs.reverse) look |= 1u << 31;
    if (!VTERM_COLOR_IS_DEFAULT_BG(&cell->bg)) {
        if (VTERM_COLOR_IS_INDEXED(&cell->bg)) {
            look |= (1u << 30) | cell->bg.indexed.idx;
        } else {
            look |= (1u << 29) | ((uint32_t)cell->bg.rgb.red << 16) | ((uint32_t)cell->bg.rgb.green << 8) | cell->bg.rgb.blue;
        }
    }
    return look;
}

static inline announcer_vterm_cell announcer_vterm_read_cell(const VTermScreen *screen, int row, int column) {
    VTermScreenCell cell;
    VTermPos position = { .row = row, .col = column };
    announcer_vterm_cell read = { 0, 1, 0 };
    if (!vterm_screen_get_cell(screen, position, &cell)) return read;
    read.character = cell.chars[0];
    read.width = cell.width;
    read.look = announcer_vterm_look(&cell);
    return read;
}

/// The characters of a line that scrolled off the top (sb_pushline's cells).
static inline uint32_t announcer_vterm_pushed_character(const VTermScreenCell *cells, int column) {
    return cells[column].chars[0];
}

/// A terminal property's value as a flag (the alternate screen, the cursor's visibility).
static inline int announcer_vterm_value_flag(const VTermValue *value) {
    return value->boolean;
}

static inline VTermPos announcer_vterm_cursor(VTerm *vt) {
    VTermPos position;
    vterm_state_get_cursorpos(vterm_obtain_state(vt), &position);
    return position;
}

#endif
