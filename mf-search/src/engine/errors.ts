/** A request the engine refuses; the HTTP layer answers it as Algolia does: `{ message, status }`. */
export class SearchError extends Error {
  override readonly name = "SearchError";

  constructor(
    message: string,
    readonly status: 400 | 403 | 404 = 400,
  ) {
    super(message);
  }

  toJSON(): { message: string; status: number } {
    return { message: this.message, status: this.status };
  }
}
