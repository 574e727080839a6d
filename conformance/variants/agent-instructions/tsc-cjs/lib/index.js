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
exports.renderWorkspaceContext = exports.loadBaselineInstructions = exports.discoverBaselineInstructionFiles = exports.Config = exports.name = void 0;
exports.apply = apply;
// TypeScript compiled with `tsc --module commonjs`: named exports become `exports.x` with `__esModule`.
const upstream = __importStar(require("@deepseek-ai/dsh-agent-instructions"));
exports.name = 'agent-instructions';
exports.Config = upstream.Config;
function apply(ctx, config) {
    upstream.apply(ctx, config);
}
var dsh_agent_instructions_1 = require("@deepseek-ai/dsh-agent-instructions");
Object.defineProperty(exports, "discoverBaselineInstructionFiles", { enumerable: true, get: function () { return dsh_agent_instructions_1.discoverBaselineInstructionFiles; } });
Object.defineProperty(exports, "loadBaselineInstructions", { enumerable: true, get: function () { return dsh_agent_instructions_1.loadBaselineInstructions; } });
Object.defineProperty(exports, "renderWorkspaceContext", { enumerable: true, get: function () { return dsh_agent_instructions_1.renderWorkspaceContext; } });
