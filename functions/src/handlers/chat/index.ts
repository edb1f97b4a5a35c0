// What the rest of the functions may use of this flow.
export { deleteChatMessage, indexChatUploads } from './chat-uploads.js';
