/**
 * The checks an attribute's schema asks for, run as you type (react-hook-form `validate`):
 * required, min/max, minLength/maxLength, regex, number and email syntax. A `required` error is
 * reported like the others but does not block saving a draft: Strapi 5 checks required fields
 * when the entry is published (`isOnlyRequired`).
 */
import type { FieldErrors, FieldValues, Validate } from 'react-hook-form';
import type { Attribute } from './model.js';

type Check = Validate<unknown, FieldValues>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

export function validationOf(attribute: Attribute): Record<string, Check> {
  const checks: Record<string, Check> = {};
  if (attribute.required && attribute.type !== 'boolean') {
    checks.required = (value) => !isEmptyValue(value) || 'This value is required.';
  }
  if ('minLength' in attribute && typeof attribute.minLength === 'number') {
    const min = attribute.minLength;
    checks.minLength = (value) => isEmptyValue(value) || (lengthOf(value) ?? min) >= min || `The value is too short (min: ${min}).`;
  }
  if ('maxLength' in attribute && typeof attribute.maxLength === 'number') {
    const max = attribute.maxLength;
    checks.maxLength = (value) => (lengthOf(value) ?? 0) <= max || `The value is too long (max: ${max}).`;
  }
  if ('regex' in attribute && typeof attribute.regex === 'string' && attribute.regex !== '') {
    const regex = new RegExp(attribute.regex);
    checks.regex = (value) => isEmptyValue(value) || regex.test(String(value)) || 'The value does not match the format.';
  }
  switch (attribute.type) {
    case 'email':
      checks.email = (value) => isEmptyValue(value) || EMAIL.test(String(value)) || 'This is not a valid email.';
      break;
    case 'integer':
    case 'biginteger':
      checks.number = (value) => isEmptyValue(value) || INTEGER.test(String(value).trim()) || 'This is not an integer.';
      break;
    case 'float':
    case 'decimal':
      checks.number = (value) => isEmptyValue(value) || NUMBER.test(String(value).trim()) || 'This is not a number.';
      break;
    case 'component':
    case 'dynamiczone':
      break;
  }
  if (['integer', 'biginteger', 'float', 'decimal'].includes(attribute.type)) {
    const { min, max } = attribute as { min?: number | string; max?: number | string };
    if (min !== undefined) checks.min = (value) => isEmptyValue(value) || Number(value) >= Number(min) || `The value is too low (min: ${min}).`;
    if (max !== undefined) checks.max = (value) => isEmptyValue(value) || Number(value) <= Number(max) || `The value is too high (max: ${max}).`;
  }
  return checks;
}

/** true when every error in a react-hook-form error tree is a `required` one (a draft may be saved) */
export function isOnlyRequired(errors: FieldErrors): boolean {
  const walk = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return true;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string' && typeof record.message !== 'object') return record.type === 'required';
    return Object.entries(record).every(([key, child]) => key === 'ref' || key === 'root' || walk(child));
  };
  return walk(errors);
}
