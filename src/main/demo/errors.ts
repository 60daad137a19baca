/** A request the demo service refuses, with the HTTP status and the sentence it answers with. */
export class DemoRequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'DemoRequestError';
    this.status = status;
  }
}

export const badRequest = (message: string): DemoRequestError => new DemoRequestError(400, message);
