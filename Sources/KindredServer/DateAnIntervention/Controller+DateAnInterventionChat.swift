import Foundation
import KindredAPI
import OpenAPIRuntime
import Vapor

extension Controller {
    func getInterventionChat(_ input: Operations.GetInterventionChat.Input) async throws -> Operations.GetInterventionChat.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (profile, messages) = try await ChatService(context: request.context, app: request.dateAnIntervention).chat(with: input.path.interventionId, for: caller.userID)
        let kind = request.dateAnIntervention.llm.kind
        return .ok(.init(body: .json(.init(
            intervention: profile.dto,
            provider: .init(kind: kind.dto, offline: kind == .offline),
            messages: try messages.map { try $0.dto },
            awaitingReply: messages.last?.role == .user))))
    }

    func sendInterventionChatMessage(_ input: Operations.SendInterventionChatMessage.Input) async throws -> Operations.SendInterventionChatMessage.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let events = try await ChatService(context: request.context, app: request.dateAnIntervention)
            .send(body.text, clientMessageID: body.clientMessageId, to: input.path.interventionId, by: caller.userID)
        return .ok(.init(body: .textEventStream(Self.eventStream(events, request: request))))
    }

    func retryInterventionChatReply(_ input: Operations.RetryInterventionChatReply.Input) async throws -> Operations.RetryInterventionChatReply.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let events = try await ChatService(context: request.context, app: request.dateAnIntervention).retry(input.path.interventionId, by: caller.userID)
        return .ok(.init(body: .textEventStream(Self.eventStream(events, request: request))))
    }

    /// Chat events as Server-Sent Events: the `event` field names the kind, `data` is a
    /// `ChatStreamEvent`. Encoded by OpenAPIRuntime's serializer, which the SDK's decoder mirrors.
    private static func eventStream(_ events: AsyncStream<ChatService.Event>, request: Request) -> HTTPBody {
        let instance = request.url.path
        let requestID = request.requestID
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let serverSent = events.map { event -> ServerSentEvent in
            let (name, payload) = try Self.payload(event, instance: instance, requestID: requestID)
            return ServerSentEvent(event: name, data: String(decoding: try encoder.encode(payload), as: UTF8.self))
        }
        return HTTPBody(serverSent.asEncodedServerSentEvents(), length: .unknown, iterationBehavior: .single)
    }

    private static func payload(_ event: ChatService.Event, instance: String, requestID: String) throws -> (String, Components.Schemas.InterventionChatStreamEvent) {
        switch event {
        case .message(let message):
            return ("message", .message(.init(_type: .message, message: try message.dto)))
        case .delta(let text):
            return ("delta", .delta(.init(_type: .delta, text: text)))
        case .reply(let message):
            return ("reply", .reply(.init(_type: .reply, message: try message.dto)))
        case .failed(let error):
            return ("error", .error(.init(_type: .error, problem: error.problem(instance: instance, requestID: requestID))))
        }
    }
}
