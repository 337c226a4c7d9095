/** Text for HTML or XML markup (element content or a quoted attribute): < > & ' " become character references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
