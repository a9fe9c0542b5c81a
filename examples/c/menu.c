/* A curses menu that says what it knows through libannouncer: each entry as the focus as the
 * highlight moves (with its place, "2 of 3", and a check box's state), Space toggling it, and
 * its own words at the end. Under `announce term` it says that it speaks for itself, so the
 * terminal door does not read its screen as well.
 *
 *     cc menu.c -o menu $(pkg-config --cflags --libs announcer ncurses) && ./menu
 */
#include <announcer.h>
#include <curses.h>
#include <stdio.h>
#include <unistd.h>

struct entry {
    const char *label;
    int check_box;   /* a check box (Space toggles it), else a button */
    int checked;
};

static struct entry entries[] = { { "Play", 0, 0 }, { "Shuffle", 1, 0 }, { "Quit", 0, 0 } };
#define COUNT 3

static const char *const button[] = { "button", NULL };
static const char *const check_box[] = { "button", "checkBox", NULL };
static const char *const ids[] = { "play", "shuffle", "quit" };

static announcer_element element(int index) {
    const struct entry *e = &entries[index];
    return (announcer_element){
        .id = ids[index], .label = e->label, .value = e->check_box ? (e->checked ? "1" : "0") : NULL,
        .traits = e->check_box ? check_box : button, .series_index = index + 1, .series_count = COUNT,
    };
}

static void draw(int highlighted) {
    mvprintw(0, 0, "Music");
    for (int i = 0; i < COUNT; i++) {
        if (i == highlighted) attron(A_REVERSE);
        if (entries[i].check_box) mvprintw(i + 2, 2, "[%c] %s", entries[i].checked ? 'x' : ' ', entries[i].label);
        else mvprintw(i + 2, 2, "    %s", entries[i].label);
        if (i == highlighted) attroff(A_REVERSE);
    }
    refresh();
}

int main(void) {
    announcer *speech = NULL;
    if (announcer_connect(NULL, "curses-menu", &speech) != ANNOUNCER_OK) {
        fprintf(stderr, "menu: not speaking (%s)\n", announcer_error());
        speech = NULL;
    } else {
        announcer_hand_off(STDOUT_FILENO, 1);
    }
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    int highlighted = 0;
    draw(highlighted);
    if (speech) {
        announcer_element tree[COUNT];
        for (int i = 0; i < COUNT; i++) tree[i] = element(i);
        announcer_window(speech, "Music", NULL);
        announcer_screen(speech, tree, COUNT, ids[0], NULL);
    }
    for (;;) {
        int key = getch();
        int moved = 0;
        if (key == KEY_DOWN) highlighted = (highlighted + 1) % COUNT, moved = 1;
        else if (key == KEY_UP) highlighted = (highlighted + COUNT - 1) % COUNT, moved = 1;
        else if (key == ' ' && entries[highlighted].check_box) entries[highlighted].checked ^= 1, moved = 1;
        else if (key == '\n' && highlighted == 2) break;
        else if (key == '\n' && highlighted == 0 && speech) announcer_say(speech, "Playing", ANNOUNCER_DEFAULT, NULL);
        else if (key == 'q') break;
        draw(highlighted);
        if (moved && speech) {
            announcer_element focused = element(highlighted);
            announcer_focus(speech, &focused, NULL);
        }
    }
    endwin();
    if (speech) {
        long goodbye = 0;
        if (announcer_say(speech, "Goodbye", ANNOUNCER_DEFAULT, &goodbye) == ANNOUNCER_OK) announcer_wait_finished(speech, goodbye, 5000, NULL, 0);
        announcer_hand_off(STDOUT_FILENO, 0);
        announcer_close(speech);
    }
    return 0;
}
