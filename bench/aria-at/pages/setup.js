// A test's setup, named in the page's address (checkbox.html?setup=setFocusOnCheckbox): run
// once the page has loaded, as ARIA-AT's "Run Test Setup" button would, with these helpers.
const $ = (selector) => document.querySelector(selector);
const $$ = (selector) => Array.from(document.querySelectorAll(selector));
function focus(selector) { $(selector).focus(); }
function set(selector, attribute, value) { $(selector).setAttribute(attribute, value); }

function setups(table) {
  window.addEventListener("load", () => {
    const name = new URLSearchParams(location.search).get("setup");
    if (!name) return;
    if (!(name in table)) { document.title = "No setup " + name; return; }
    // After the page's first words: the focus it gives is then said as a move.
    setTimeout(() => table[name](), 300);
  });
}

// A role="checkbox"/"switch"/aria-pressed element toggled by Space and click, as the APG's do;
// a toggle button and a switch by Enter as well (the APG's switch takes both keys).
function toggles(selector, attribute) {
  const flip = (element) => element.setAttribute(attribute, element.getAttribute(attribute) === "true" ? "false" : "true");
  const byEnter = (element) => attribute === "aria-pressed" || element.getAttribute("role") === "switch";
  document.addEventListener("keydown", (event) => {
    if (event.target.matches(selector) && (event.key === " " || (event.key === "Enter" && byEnter(event.target)))) {
      if (event.target.tagName !== "BUTTON") { flip(event.target); event.preventDefault(); }
    }
  });
  document.addEventListener("click", (event) => {
    const element = event.target.closest(selector);
    if (element) flip(element);
  });
}

// The setups most plans have: the focus on the link before the control, after it, or on it,
// each also after `change` (turning a switch on) when named in `changed`.
function around(control, names, change, changed) {
  const table = {
    [names[0]]: () => focus("#beforelink"),
    [names[1]]: () => focus("#afterlink"),
    [names[2]]: () => focus(control),
  };
  if (changed) {
    table[changed[0]] = () => { change(); focus("#beforelink"); };
    table[changed[1]] = () => { change(); focus("#afterlink"); };
    table[changed[2]] = () => { change(); focus(control); };
  }
  return table;
}
