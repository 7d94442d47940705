/**
 * Fastify and the plugins Vellum registers, loaded with `require`. They are CommonJS: imported
 * from ESM, Node first lexes each one's source for named exports and wraps it, which took about
 * 80 ms of every start (measured). `require` returns the same `module.exports` a default import
 * yields.
 */
import { createRequire } from 'node:module';
import type FastifyFactory from 'fastify';
import type FastifyCors from '@fastify/cors';
import type FastifyHelmet from '@fastify/helmet';
import type FastifyMultipart from '@fastify/multipart';
import type FastifyStatic from '@fastify/static';

const require = createRequire(import.meta.url);

export const Fastify = require('fastify') as typeof FastifyFactory;
export const fastifyCors = require('@fastify/cors') as typeof FastifyCors;
export const fastifyHelmet = require('@fastify/helmet') as typeof FastifyHelmet;
export const fastifyMultipart = require('@fastify/multipart') as typeof FastifyMultipart;
export const fastifyStatic = require('@fastify/static') as typeof FastifyStatic;
