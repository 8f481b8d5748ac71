export {
  type RedisClientLike,
  RedisCompressionStore,
  type RedisCompressionStoreOptions,
} from './store/redis-compression-store.ts';
