/** API keys of programs (issue 27): the account's own credentials for the API and tile routes. */
export { digestApiKey, isApiKeyText } from './api-key-text';
export { ApiKeysRepository } from './api-keys.repository';
export { apiKeyRoutes } from './api-keys.routes';
export { ApiKeysService } from './api-keys.service';
