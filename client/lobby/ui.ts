// Small form pieces every lobby panel uses (labelled fields, radio groups).
import { h } from "../ui/dom";

let uid = 0;
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id || `f${++uid}`;
  control.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", {}, hint) : null);
}

/** A labelled checkbox with an optional hint under it. */
export function checkbox(id: string, name: string, label: string, hint?: string): { el: HTMLElement; input: HTMLInputElement } {
  const input = h("input", { type: "checkbox", id, name }) as HTMLInputElement;
  const el = h("div", { class: "check-field" }, h("label", { class: "check" }, input, " ", label), hint ? h("small", {}, hint) : null);
  return { el, input };
}

export function radios(name: string, legend: string, options: { value: string; label: string }[], value: string): HTMLFieldSetElement {
  return h(
    "fieldset",
    { class: "radios" },
    h("legend", {}, legend),
    ...options.map((o) =>
      h(
        "label",
        {},
        h("input", { type: "radio", name, value: o.value, checked: o.value === value }),
        " ",
        o.label,
      ),
    ),
  );
}

export function readRadio(form: HTMLFormElement, name: string): string {
  return (form.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement | null)?.value ?? "";
}
