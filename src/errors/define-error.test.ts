import { describe, expect, it } from 'vitest';
import { defineError } from './define-error.js';
import { HttpClientError, NotFoundError, UniqueError, ValidationError, VellumError } from './index.js';

describe('defineError', () => {
  it('declares a named class with its code, wire name, status and default message', () => {
    class TeapotError extends defineError({ code: 'VELLUM_ERR_TEAPOT_TEST', name: 'ApplicationError', status: 418, message: "I'm a teapot" }) {}
    const error = new TeapotError();
    expect(error).toBeInstanceOf(VellumError);
    expect(error).toBeInstanceOf(Error);
    expect([TeapotError.name, TeapotError.code, error.code, error.name, error.status, error.message, error.details]).toEqual([
      'TeapotError', 'VELLUM_ERR_TEAPOT_TEST', 'VELLUM_ERR_TEAPOT_TEST', 'ApplicationError', 418, "I'm a teapot", {},
    ]);
    expect(new TeapotError('short and stout', { spout: true })).toMatchObject({ message: 'short and stout', details: { spout: true } });
  });

  it('derives a specific condition that stays its parent on the wire, with its own code', () => {
    const error = new UniqueError('slug must be unique');
    expect(error).toBeInstanceOf(ValidationError);
    expect([error.code, error.name, error.status]).toEqual(['VELLUM_ERR_UNIQUE', 'ValidationError', 400]);
    expect(new ValidationError().code).toBe('VELLUM_ERR_VALIDATION');
    expect(error.stack).toContain('slug must be unique');
  });

  it('lets an error carry the status it was raised with', () => {
    const error = new HttpClientError(418, 'teapot');
    expect([error.status, error.code, error.name, error.message]).toEqual([418, 'VELLUM_ERR_HTTP_CLIENT', 'ApplicationError', 'teapot']);
    expect(new NotFoundError()).not.toBeInstanceOf(ValidationError);
  });
});
