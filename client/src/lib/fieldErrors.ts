// A form's field errors as a person reads them: a message that starts with the API's name of
// the field ("productId is required", "hight must be from 0 to 300 cm") starts with the field's
// label instead ("Product code is required"), and after a failed submit the first field in
// error is brought into view and focused.

/** readableMessage is `message` with a leading field name of `labels` replaced by its label. */
export function readableMessage(message: string, labels: Record<string, string>): string {
  const field = Object.keys(labels).find((name) => message.startsWith(`${name} `));
  return field ? `${labels[field]}${message.slice(field.length)}` : message;
}

/** readableErrors is `errors` with each message's leading field name replaced by its label in `labels`. */
export function readableErrors(errors: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, readableMessage(message, labels)]));
}

/** showFirstError scrolls the first field `form` marks invalid (or its first alert that says something) into the middle of the window and focuses it. */
export function showFirstError(form: HTMLElement | null) {
  if (!form) return;
  window.requestAnimationFrame(() => {
    // The first shown: a field in error, else an alert with words in it (the form's empty alert region is not).
    const field = Array.from(
      form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] select, [data-invalid] textarea, [role="alert"]'),
    ).find((element) => element.getClientRects().length > 0 && (element.getAttribute('role') !== 'alert' || element.textContent?.trim()));
    if (!field) return;
    // Already in the window (a short form, a dialog): focus only, nothing scrolls.
    const box = field.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) field.scrollIntoView({ block: 'center', behavior: 'instant' });
    field.focus({ preventScroll: true });
  });
}
