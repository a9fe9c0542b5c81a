// A menu button (#menubutton) and its menu (#menu of role="menuitem" children): Enter, Space
// or Down open it on the first item, Up on the last; arrows move, a character moves to the next
// item that starts with it, Escape closes it.
function menuButton() {
  const button = () => $("#menubutton");
  const items = () => $$('#menu [role="menuitem"]');
  function open(index) {
    $("#menu").hidden = false;
    button().setAttribute("aria-expanded", "true");
    items()[(index + items().length) % items().length].focus();
  }
  function close() {
    $("#menu").hidden = true;
    button().setAttribute("aria-expanded", "false");
    button().focus();
  }
  document.addEventListener("keydown", (event) => {
    const all = items();
    if (event.target === button()) {
      const at = { Enter: 0, " ": 0, ArrowDown: 0, ArrowUp: -1 }[event.key];
      if (at !== undefined) { open(at); event.preventDefault(); }
      return;
    }
    const index = all.indexOf(event.target);
    if (index < 0) return;
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 }[event.key];
    if (to !== undefined) { all[(to + all.length) % all.length].focus(); event.preventDefault(); }
    else if (event.key === "Escape" || event.key === "Tab") close();
    else if (event.key === "Enter" || event.key === " ") { $("#action").textContent = event.target.textContent.trim(); close(); event.preventDefault(); }
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      // A character: the next item that starts with it, from the one after the focus, as the APG's menus do.
      const starts = (item) => item.textContent.trim().toLowerCase().startsWith(event.key.toLowerCase());
      const next = [...all.slice(index + 1), ...all.slice(0, index + 1)].find(starts);
      if (next) { next.focus(); event.preventDefault(); }
    }
  });
  document.addEventListener("click", (event) => {
    if (event.target.closest("#menubutton")) { $("#menu").hidden ? open(0) : close(); }
  });
  return {
    setFocusBeforeMenuButton: () => focus("#beforelink"),
    setFocusAfterMenuButton: () => focus("#afterlink"),
    setFocusOnMenuButton: () => focus("#menubutton"),
    openMenuAndSetFocusToFirstItem: () => open(0),
    openMenuAndSetFocusToLastItem: () => open(-1),
  };
}
