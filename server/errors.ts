/** Typed domain errors, mapped once to tRPC codes (trpc.ts) and HTTP statuses (http/errors.ts). */
export class DomainError extends Error {
  readonly status: number = 400;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInput extends DomainError {
  override readonly status = 400;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class Unauthenticated extends DomainError {
  override readonly status = 401;
  constructor(message = 'You need to log in first') {
    super(message);
  }
}

export class Forbidden extends DomainError {
  override readonly status = 403;
  constructor(message = 'You are not allowed to do this') {
    super(message);
  }
}

export class NotFound extends DomainError {
  override readonly status = 404;
  constructor(what = 'Item') {
    super(`${what} not found`);
  }
}

/** A 404 told in a whole sentence, where "… not found" would not say what to do. */
export class Missing extends DomainError {
  override readonly status = 404;
}

export class Conflict extends DomainError {
  override readonly status = 409;
}

export class PayloadTooLarge extends DomainError {
  override readonly status = 413;
}

export class InsufficientCredits extends DomainError {
  override readonly status = 402;
  constructor(
    readonly missingCents: number,
    message = 'Not enough credits for this video',
  ) {
    super(message);
  }
}

export class TooManyRequests extends DomainError {
  override readonly status = 429;
  /** Sent as Retry-After, when known. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export class ServiceUnavailable extends DomainError {
  override readonly status = 503;
}
