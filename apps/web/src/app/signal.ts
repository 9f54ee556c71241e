/** A tiny typed event: emit to every current listener; listening returns its own removal. */
export class Signal<T> {
  readonly #listeners = new Set<(value: T) => void>();

  listen(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) listener(value);
  }
}
