// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import './node-version-guard.ts';

export {
  type RedisClientLike,
  RedisCompressionStore,
  type RedisCompressionStoreOptions,
} from './store/redis-compression-store.ts';
