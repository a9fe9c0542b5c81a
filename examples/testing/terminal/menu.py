"""A curses menu: Up and Down move the highlight, Enter chooses, Quit (or q) leaves."""
import curses

CHOICES = ["New game", "Load game", "Settings", "Quit"]


def main(screen):
    curses.curs_set(0)
    screen.addstr(0, 0, "Main menu")
    chosen = 0
    while True:
        for row, choice in enumerate(CHOICES):
            screen.addstr(row + 2, 2, choice, curses.A_REVERSE if row == chosen else curses.A_NORMAL)
        screen.refresh()
        key = screen.getch()
        if key == curses.KEY_DOWN:
            chosen = (chosen + 1) % len(CHOICES)
        elif key == curses.KEY_UP:
            chosen = (chosen - 1) % len(CHOICES)
        elif key in (curses.KEY_ENTER, 10, 13):
            if CHOICES[chosen] == "Quit":
                return
            screen.move(7, 0)
            screen.clrtoeol()
            screen.addstr(7, 0, f"You chose {CHOICES[chosen]}.")
        elif key == ord("q"):
            return


curses.wrapper(main)
