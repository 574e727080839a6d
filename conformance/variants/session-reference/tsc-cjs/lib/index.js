"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseSessionReferenceText = exports.formatSessionReferenceMention = exports.decodeSessionReferenceUri = exports.encodeSessionReferenceUri = exports.variant = exports.SessionReferenceError = void 0;
// A Service class in TypeScript compiled with `tsc --module commonjs --esModuleInterop`: the default
// export becomes `exports.default` beside `__esModule`, the shape DSH unwraps twice.
const dsh_session_reference_1 = __importStar(require("@deepseek-ai/dsh-session-reference"));
Object.defineProperty(exports, "SessionReferenceError", { enumerable: true, get: function () { return dsh_session_reference_1.SessionReferenceError; } });
class SessionReferenceService extends dsh_session_reference_1.default {
}
exports.default = SessionReferenceService;
exports.variant = 'tsc-cjs';
var dsh_session_reference_2 = require("@deepseek-ai/dsh-session-reference");
Object.defineProperty(exports, "encodeSessionReferenceUri", { enumerable: true, get: function () { return dsh_session_reference_2.encodeSessionReferenceUri; } });
Object.defineProperty(exports, "decodeSessionReferenceUri", { enumerable: true, get: function () { return dsh_session_reference_2.decodeSessionReferenceUri; } });
Object.defineProperty(exports, "formatSessionReferenceMention", { enumerable: true, get: function () { return dsh_session_reference_2.formatSessionReferenceMention; } });
Object.defineProperty(exports, "parseSessionReferenceText", { enumerable: true, get: function () { return dsh_session_reference_2.parseSessionReferenceText; } });
