import {
  adminEntrySchema,
  alertSchema,
  chatMessageSchema,
  type AdminEntry,
  type Alert,
  type ChatMessage,
} from '../contracts/index.js';

/** Admin `id`'s entry (`admin`, `admins/{id}`), its browser holding push token `deviceToken`. */
export const adminEntry = (id: string, deviceToken: string): AdminEntry =>
  adminEntrySchema.parse({
    id,
    name: `Admin ${id}`,
    email: `admin${id}@fuel.test`,
    image: '',
    deviceToken,
    lastLogin: 1,
  });

/** A user's text message in group 7; a test overrides what it is about. */
export const chatMessage = (fields: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessageSchema.parse({
    senderUID: '1',
    receiverUID: '7',
    message: 'Hello',
    url: '',
    type: 'message',
    thumbnail: '',
    filetype: '',
    filename: '',
    userType: 'user',
    messageID: 'm1',
    senderUserName: 'Amina',
    deleteAbleId: '',
    thumbnailID: '',
    timeStamp: 1,
    ...fields,
  });

/** An image message naming upstream upload 12 (`/api/files/storage/12/pump.png`). */
export const imageMessage = (fields: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessage({
    message: '',
    url: '/api/files/storage/12/pump.png',
    type: 'image',
    filetype: 'image/png',
    filename: 'pump.png',
    deleteAbleId: '12',
    ...fields,
  });

/** The fields every alert has, whoever it goes to. */
export const alertFields = {
  notificationId: 'n1',
  title: 'Price drop',
  description: 'Diesel is cheaper today',
  image: '',
  userName: 'All Users',
  timeStamp: 1,
};

/** An alert to everyone unless `fields` names another target. */
export const alertRecord = (fields: Partial<Alert> = {}): Alert =>
  alertSchema.parse({ ...alertFields, target: 'all', ...fields });
