"""What a screen reader says of a web page in Chromium, asserted from pytest: browse mode's
keys read the page, Tab moves the focus through its controls."""
import pathlib

PAGE = pathlib.Path(__file__).parent / "newsletter.html"


def test_the_newsletter_page_in_browse_mode_and_by_tab(desktop, assert_spoken):
    page = desktop(page=str(PAGE))   # Chromium; up once the page's first item is said
    page.press("Down")               # browse mode: the next line
    page.press("Tab")                # the link
    page.press("Tab")                # the field: focus mode
    page.type("Ada")
    page.press("Escape")             # browse mode again
    page.press("Tab")
    page.press("space")              # the check box, checked
    page.press("Tab")
    page.press("Return")             # the form's status region says it is done
    page.press("h")                  # the next heading
    page.press("Insert+Page_Down")   # the rotor: headings
    page.press("Insert+Left")        # the previous heading
    assert_spoken(page.spoken, "newsletter_page")
