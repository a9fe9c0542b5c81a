// A radio group of role="radio" elements: arrows move and check, Space checks. With
// `activedescendant` the group keeps the focus and points at its current radio button;
// without, the focus roves (the current one alone has tabindex 0).
function radioGroup(activedescendant) {
  const radios = () => $$('[role="radio"]');
  const group = () => $('[role="radiogroup"]');
  function current(index) {
    radios().forEach((radio, n) => {
      radio.classList.toggle("focus", n === index);
      if (!activedescendant) radio.tabIndex = n === index ? 0 : -1;
    });
    if (activedescendant) group().setAttribute("aria-activedescendant", radios()[index].id);
  }
  function check(index) {
    radios().forEach((radio, n) => radio.setAttribute("aria-checked", n === index ? "true" : "false"));
  }
  function reach(index) {
    current(index);
    (activedescendant ? group() : radios()[index]).focus();
  }
  document.addEventListener("keydown", (event) => {
    const all = radios();
    const at = activedescendant ? all.findIndex((radio) => radio.classList.contains("focus")) : all.indexOf(event.target);
    if (at < 0 || !(activedescendant ? event.target === group() : true)) return;
    const move = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (move !== undefined) {
      const next = (at + move + all.length) % all.length;
      check(next); reach(next); event.preventDefault();
    } else if (event.key === " ") {
      check(at); event.preventDefault();
    }
  });
  document.addEventListener("click", (event) => {
    const index = radios().indexOf(event.target.closest('[role="radio"]'));
    if (index >= 0) { check(index); reach(index); }
  });
  // (checked radio button or null, where the focus goes: a radio button's index or a link)
  const setup = (checked, focused) => () => {
    radios().forEach((radio) => radio.setAttribute("aria-checked", "false"));
    if (checked !== null) { check(checked); current(checked); } else current(typeof focused === "number" ? focused : 0);
    if (typeof focused === "number") reach(focused); else focus(focused);
  };
  return {
    setFocusBeforeRadioGroup: () => focus("#beforelink"),
    setFocusAfterRadioGroup: () => focus("#afterlink"),
    checkFirstRadioButtonAndSetFocusBeforeRadioGroup: setup(0, "#beforelink"),
    checkFirstRadioButtonAndSetFocusAfterRadioGroup: setup(0, "#afterlink"),
    checkThirdRadioButtonAndSetFocusAfterRadioGroup: setup(2, "#afterlink"),
    checkFifthRadioButtonAndSetFocusAfterRadioGroup: setup(4, "#afterlink"),
    setFocusOnFirstRadioButton: setup(null, 0),
    setFocusOnSecondRadioButton: setup(null, 1),
    setFocusOnThirdRadioButton: setup(null, 2),
    setFocusOnFifthRadioButton: setup(null, 4),
    setFocusOnAndCheckFirstRadioButton: setup(0, 0),
    setFocusOnFirstRadioButtonAndCheckSecondRadioButton: () => { setup(null, 0)(); check(1); },
    setFocusOnSecondRadioButtonAndCheckFirstRadioButton: () => { setup(null, 1)(); check(0); },
  };
}
